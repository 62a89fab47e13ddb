package dev.lakegate.catalog.server.metadata;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.iceberg.hadoop.HadoopFileIO;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;

/**
 * The FileIO of the catalog's table files. Local locations ({@code file:} and absolute paths) go to
 * {@link LocalFileIO}, which needs no Hadoop; every other scheme goes to Iceberg's {@link HadoopFileIO}
 * when a Hadoop FileSystem on the classpath serves it ({@code hdfs:}, {@code webhdfs:}, {@code viewfs:}
 * from Hadoop's client; {@code s3a:} and the like only with their Hadoop module beside it), configured
 * from the storage settings: Hadoop's own files and properties, as HMS and the engines read them, so one
 * site configuration serves them all. A scheme no FileSystem serves is not handled: the catalog then keeps
 * the pointer of such a table without reading its file.
 */
public final class TableFileIO implements FileIO {

    private static final Pattern SCHEME = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*):");

    private final LocalFileIO local = new LocalFileIO();
    private final Configuration hadoopConf;
    private final Map<String, Boolean> servedSchemes = new ConcurrentHashMap<>();
    private volatile HadoopFileIO hadoop;

    private TableFileIO(Configuration hadoopConf) {
        this.hadoopConf = requireNonNull(hadoopConf, "hadoopConf is null");
    }

    /**
     * Hadoop's configuration from its defaults, the site files on the classpath, then {@code siteFiles}
     * (core-site.xml, hdfs-site.xml of a Hadoop installation), then {@code properties} over them.
     */
    public static TableFileIO withHadoop(List<Path> siteFiles, Map<String, String> properties) {
        Configuration conf = new Configuration();
        siteFiles.forEach(file -> conf.addResource(new org.apache.hadoop.fs.Path(file.toUri())));
        properties.forEach(conf::set);
        return new TableFileIO(conf);
    }

    public static TableFileIO withHadoopProperties(Map<String, String> properties) {
        return withHadoop(List.of(), properties);
    }

    /** No settings beyond the site files Hadoop finds on the classpath. */
    public static TableFileIO withDefaults() {
        return withHadoop(List.of(), Map.of());
    }

    /** Whether this FileIO reads and writes files at {@code location}. */
    public boolean handles(String location) {
        if (LocalFileIO.handles(location)) {
            return true;
        }
        return scheme(location)
                .map(scheme -> servedSchemes.computeIfAbsent(scheme, this::hadoopServes))
                .orElse(false);
    }

    private boolean hadoopServes(String scheme) {
        try {
            FileSystem.getFileSystemClass(scheme, hadoopConf);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static Optional<String> scheme(String location) {
        Matcher matcher = SCHEME.matcher(location);
        return matcher.lookingAt() ? Optional.of(matcher.group(1).toLowerCase(Locale.ROOT)) : Optional.empty();
    }

    private FileIO ioFor(String location) {
        if (LocalFileIO.handles(location)) {
            return local;
        }
        if (!handles(location)) {
            throw new IllegalArgumentException("no file system serves " + location);
        }
        HadoopFileIO io = hadoop;
        if (io == null) {
            synchronized (this) {
                if (hadoop == null) {
                    hadoop = new HadoopFileIO(hadoopConf);
                }
                io = hadoop;
            }
        }
        return io;
    }

    @Override
    public InputFile newInputFile(String location) {
        return ioFor(location).newInputFile(location);
    }

    @Override
    public OutputFile newOutputFile(String location) {
        return ioFor(location).newOutputFile(location);
    }

    @Override
    public void deleteFile(String location) {
        ioFor(location).deleteFile(location);
    }

    @Override
    public void close() {
        HadoopFileIO io = hadoop;
        if (io != null) {
            io.close();
        }
    }
}

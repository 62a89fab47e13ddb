package dev.lakegate.catalog.server.metadata;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.hadoop.HadoopFileIO;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The FileIO of the catalog's table files. Local locations ({@code file:} and absolute paths) go to
 * {@link LocalFileIO}, which needs no Hadoop; {@code s3:}, {@code s3a:} and {@code s3n:} go to Iceberg's
 * {@link S3FileIO} (the AWS SDK, not Hadoop's S3A) when S3 is configured; every other scheme goes to
 * Iceberg's {@link HadoopFileIO} when a Hadoop FileSystem on the classpath serves it ({@code hdfs:},
 * {@code webhdfs:}, {@code viewfs:} from Hadoop's client; others only with their Hadoop module), configured
 * from the storage settings: Hadoop's own files and properties, as HMS and the engines read them, so one
 * site configuration serves them all. A scheme no FileSystem serves is not handled: the catalog then keeps
 * the pointer of such a table without reading its file.
 */
public final class TableFileIO implements FileIO {

    private static final Pattern SCHEME = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*):");

    private static final List<String> S3_SCHEMES = List.of("s3", "s3a", "s3n");

    private final LocalFileIO local = new LocalFileIO();
    private final Configuration hadoopConf;
    private final Optional<Supplier<S3Client>> s3Clients;
    private final Map<String, Boolean> servedSchemes = new ConcurrentHashMap<>();
    private volatile HadoopFileIO hadoop;
    private volatile S3FileIO s3;

    private TableFileIO(Configuration hadoopConf, Optional<Supplier<S3Client>> s3Clients) {
        this.hadoopConf = requireNonNull(hadoopConf, "hadoopConf is null");
        this.s3Clients = requireNonNull(s3Clients, "s3Clients is null");
    }

    /**
     * {@link #withHadoop} for every scheme but S3's, whose locations {@link S3FileIO} reads and writes with a
     * client from {@code s3Clients} (endpoint, region, credentials are the caller's; the FileIO closes it).
     * The client is given rather than Iceberg's client factory left to build one from properties: that
     * factory loads the SDK's KMS, STS and Glue modules, which the catalog has no use for.
     */
    public static TableFileIO withHadoopAndS3(
            List<Path> siteFiles, Map<String, String> hadoopProperties, Supplier<S3Client> s3Clients) {
        return new TableFileIO(hadoopConf(siteFiles, hadoopProperties), Optional.of(s3Clients));
    }

    /**
     * Hadoop's configuration from its defaults, the site files on the classpath, then {@code siteFiles}
     * (core-site.xml, hdfs-site.xml of a Hadoop installation), then {@code properties} over them.
     */
    public static TableFileIO withHadoop(List<Path> siteFiles, Map<String, String> properties) {
        return new TableFileIO(hadoopConf(siteFiles, properties), Optional.empty());
    }

    private static Configuration hadoopConf(List<Path> siteFiles, Map<String, String> properties) {
        Configuration conf = new Configuration();
        siteFiles.forEach(file -> conf.addResource(new org.apache.hadoop.fs.Path(file.toUri())));
        properties.forEach(conf::set);
        return conf;
    }

    public static TableFileIO withHadoopProperties(Map<String, String> properties) {
        return withHadoop(List.of(), properties);
    }

    /** No settings beyond the site files Hadoop finds on the classpath. */
    public static TableFileIO withDefaults() {
        return withHadoop(List.of(), Map.of());
    }

    /** The Hadoop settings, for readers of table formats that reach files through Hadoop themselves (Paimon's). */
    Configuration hadoopConf() {
        return hadoopConf;
    }

    /** Whether this FileIO reads and writes files at {@code location}. */
    public boolean handles(String location) {
        if (LocalFileIO.handles(location)) {
            return true;
        }
        if (onS3(location)) {
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

    private boolean onS3(String location) {
        return s3Clients.isPresent()
                && scheme(location).filter(S3_SCHEMES::contains).isPresent();
    }

    private FileIO ioFor(String location) {
        if (LocalFileIO.handles(location)) {
            return local;
        }
        if (onS3(location)) {
            return s3();
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

    private S3FileIO s3() {
        S3FileIO io = s3;
        if (io == null) {
            synchronized (this) {
                if (s3 == null) {
                    Supplier<S3Client> clients = s3Clients.orElseThrow();
                    S3FileIO created = new S3FileIO(clients::get, TableFileIO::noAsyncClient);
                    created.initialize(Map.of());
                    s3 = created;
                }
                io = s3;
            }
        }
        return io;
    }

    /**
     * S3FileIO takes an asynchronous client too, or else builds both with its factory; only its analytics
     * accelerator and CRT uploads, both off unless configured, would ask for one.
     */
    public static S3AsyncClient noAsyncClient() {
        throw new UnsupportedOperationException(
                "no asynchronous S3 client: the catalog reads and writes S3 synchronously");
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
        S3FileIO onS3 = s3;
        if (onS3 != null) {
            onS3.close();
        }
    }
}

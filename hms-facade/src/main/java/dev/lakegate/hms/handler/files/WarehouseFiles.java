package dev.lakegate.hms.handler.files;

import java.io.IOException;
import java.io.UncheckedIOException;
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

/**
 * The file systems whose directories the facade manages as HMS does: this machine's ({@code file:}),
 * without Hadoop, and every scheme a Hadoop FileSystem on the classpath serves ({@code hdfs:} from
 * Hadoop's client; {@code s3a:} and others only with their Hadoop module beside it), configured by
 * Hadoop's site files and properties. A location on any other scheme is recorded, and its directories
 * are left to the engines that write them.
 */
public final class WarehouseFiles {

    private static final Pattern SCHEME = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*):");

    private final LocalDirectories local = new LocalDirectories();
    private final Optional<HadoopDirectories> hadoop;
    private final Optional<Configuration> conf;
    private final Map<String, Boolean> servedSchemes = new ConcurrentHashMap<>();

    private WarehouseFiles(Optional<Configuration> conf) {
        this.conf = conf;
        this.hadoop = conf.map(HadoopDirectories::new);
    }

    /** This machine's files only. */
    public static WarehouseFiles localOnly() {
        return new WarehouseFiles(Optional.empty());
    }

    /**
     * This machine's files, and Hadoop's FileSystems configured from Hadoop's defaults, the site files
     * on the classpath, {@code siteFiles} (core-site.xml, hdfs-site.xml), then {@code properties}.
     */
    public static WarehouseFiles withHadoop(List<Path> siteFiles, Map<String, String> properties) {
        Configuration conf = new Configuration();
        siteFiles.forEach(file -> conf.addResource(new org.apache.hadoop.fs.Path(file.toUri())));
        properties.forEach(conf::set);
        return new WarehouseFiles(Optional.of(conf));
    }

    /** The directories of the file system that holds {@code location}, if the facade manages it. */
    public Optional<Directories> at(String location) {
        if (location == null || location.isEmpty()) {
            return Optional.empty();
        }
        if (LocalDirectories.path(location).isPresent()) {
            return Optional.of(local);
        }
        if (location.startsWith("file:")) {
            return Optional.empty(); // a file: location on another host
        }
        Matcher matcher = SCHEME.matcher(location);
        if (hadoop.isEmpty() || !matcher.lookingAt()) {
            return Optional.empty();
        }
        String scheme = matcher.group(1).toLowerCase(Locale.ROOT);
        return servedSchemes.computeIfAbsent(scheme, this::hadoopServes)
                ? hadoop.map(Directories.class::cast)
                : Optional.empty();
    }

    private boolean hadoopServes(String scheme) {
        try {
            FileSystem.getFileSystemClass(scheme, conf.orElseThrow());
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Whether the facade manages the directories of {@code location}. */
    public boolean manages(String location) {
        return at(location).isPresent();
    }

    /** Whether a managed location exists; an unmanaged one counts as absent. */
    public boolean exists(String location) {
        Optional<Directories> directories = at(location);
        if (directories.isEmpty()) {
            return false;
        }
        try {
            return directories.get().exists(location);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + location, e);
        }
    }

    /** The quick statistics of a managed location; empty for an unmanaged one. */
    public Optional<Directories.QuickStats> quickStats(String location) {
        Optional<Directories> directories = at(location);
        if (directories.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(directories.get().quickStats(location));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + location, e);
        }
    }
}

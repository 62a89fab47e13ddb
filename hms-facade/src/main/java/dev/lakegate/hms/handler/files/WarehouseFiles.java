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
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The file systems whose directories the facade manages as HMS does: this machine's ({@code file:}),
 * without Hadoop, and every scheme a Hadoop FileSystem on the classpath serves ({@code hdfs:} from
 * Hadoop's client; others only with their Hadoop module beside it), configured by Hadoop's site files and
 * properties, and S3 ({@code s3:}, {@code s3a:}, {@code s3n:}) with the AWS SDK when S3 is configured
 * ({@link S3Directories}: key prefixes and their markers, as S3A shows them to HMS). A location on any other
 * scheme is recorded, and its directories are left to the engines that write them.
 */
public final class WarehouseFiles {

    private static final Pattern SCHEME = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*):");

    private static final List<String> S3_SCHEMES = List.of("s3", "s3a", "s3n");

    private final LocalDirectories local = new LocalDirectories();
    private final Optional<HadoopDirectories> hadoop;
    private final Optional<Configuration> conf;
    private final Optional<S3Directories> s3;
    private final Map<String, Boolean> servedSchemes = new ConcurrentHashMap<>();

    private WarehouseFiles(Optional<Configuration> conf, Optional<S3Client> s3) {
        this.conf = conf;
        this.hadoop = conf.map(HadoopDirectories::new);
        this.s3 = s3.map(S3Directories::new);
    }

    /** This machine's files only. */
    public static WarehouseFiles localOnly() {
        return new WarehouseFiles(Optional.empty(), Optional.empty());
    }

    /**
     * {@link #withHadoop}, and S3's locations through {@code s3}, a client of the AWS SDK whose endpoint,
     * region and credentials are the caller's; it stays open as long as the warehouse.
     */
    public static WarehouseFiles withHadoopAndS3(List<Path> siteFiles, Map<String, String> properties, S3Client s3) {
        return new WarehouseFiles(Optional.of(hadoopConf(siteFiles, properties)), Optional.of(s3));
    }

    /**
     * This machine's files, and Hadoop's FileSystems configured from Hadoop's defaults, the site files
     * on the classpath, {@code siteFiles} (core-site.xml, hdfs-site.xml), then {@code properties}.
     */
    public static WarehouseFiles withHadoop(List<Path> siteFiles, Map<String, String> properties) {
        return new WarehouseFiles(Optional.of(hadoopConf(siteFiles, properties)), Optional.empty());
    }

    private static Configuration hadoopConf(List<Path> siteFiles, Map<String, String> properties) {
        Configuration conf = new Configuration();
        siteFiles.forEach(file -> conf.addResource(new org.apache.hadoop.fs.Path(file.toUri())));
        properties.forEach(conf::set);
        return conf;
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
        if (!matcher.lookingAt()) {
            return Optional.empty();
        }
        String scheme = matcher.group(1).toLowerCase(Locale.ROOT);
        if (s3.isPresent() && S3_SCHEMES.contains(scheme)) {
            return s3.map(Directories.class::cast);
        }
        if (hadoop.isEmpty()) {
            return Optional.empty();
        }
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

package dev.lakegate.launcher;

import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.hms.handler.files.WarehouseFiles;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;

/**
 * How the catalog (Iceberg metadata) and the facade's warehouse (directories) reach files beyond this
 * machine's file system: through Hadoop's FileSystems, configured as HMS and the engines are, by Hadoop's
 * site files and properties; and S3 ({@code s3:}, {@code s3a:}, {@code s3n:}) through the AWS SDK, on
 * when any {@code --s3-*} setting is given. The S3 keys are never printed.
 */
final class TableFileOptions {

    private static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml");

    @Option(
            names = "--hadoop-conf-dir",
            paramLabel = "DIR",
            description = "Folder of Hadoop's site files (core-site.xml, hdfs-site.xml) for table files on HDFS "
                    + "and other Hadoop file systems (default: $HADOOP_CONF_DIR, if set).")
    Path hadoopConfDir;

    // Repeatable; from LAKEGATE_HADOOP_PROPERTY or the config file as a comma-separated list.
    @Option(
            names = "--hadoop-property",
            paramLabel = "NAME=VALUE",
            split = ",",
            description = "A Hadoop property over the site files, repeatable (e.g. --hadoop-property "
                    + "dfs.client.use.datanode.hostname=true).")
    Map<String, String> hadoopProperties;

    @Option(
            names = "--s3-endpoint",
            paramLabel = "URL",
            description = "Endpoint of an S3-compatible store for table files on s3:, s3a:, s3n: locations "
                    + "(default: AWS's, from the region). Any --s3-* setting turns S3 on.")
    URI s3Endpoint;

    @Option(
            names = "--s3-region",
            paramLabel = "REGION",
            description = "S3 region (default: the AWS SDK's, e.g. from AWS_REGION).")
    String s3Region;

    @Option(
            names = "--s3-path-style-access",
            paramLabel = "true|false",
            arity = "1",
            description = "Address buckets as endpoint/bucket rather than bucket.endpoint, as most "
                    + "S3-compatible stores want (default: false).")
    Boolean s3PathStyleAccess;

    @Option(
            names = "--s3-access-key-id",
            paramLabel = "ID",
            description = "S3 access key id (default: the AWS SDK's credential chain: AWS_ACCESS_KEY_ID, "
                    + "profiles, instance roles).")
    String s3AccessKeyId;

    @Option(
            names = "--s3-secret-access-key",
            paramLabel = "KEY",
            description = "S3 secret access key, with --s3-access-key-id (prefer LAKEGATE_S3_SECRET_ACCESS_KEY "
                    + "or the config file).")
    String s3SecretAccessKey;

    /** The catalog's FileIO of table files (Iceberg metadata). */
    TableFileIO open() {
        if (!s3Configured()) {
            return TableFileIO.withHadoop(siteFiles(), properties());
        }
        return TableFileIO.withHadoopAndS3(siteFiles(), properties(), this::s3Client);
    }

    /** The file systems whose directories the facade's warehouse manages, with the same settings. */
    WarehouseFiles warehouseFiles() {
        return s3Configured()
                ? WarehouseFiles.withHadoopAndS3(siteFiles(), properties(), s3Client())
                : WarehouseFiles.withHadoop(siteFiles(), properties());
    }

    private boolean s3Configured() {
        if (present(s3AccessKeyId) != present(s3SecretAccessKey)) {
            throw new IllegalArgumentException("--s3-access-key-id and --s3-secret-access-key go together");
        }
        return s3Endpoint != null
                || present(s3Region)
                || s3PathStyleAccess != null
                || present(s3AccessKeyId)
                || present(s3SecretAccessKey);
    }

    /**
     * A new S3 client of these settings, over the SDK's java.net HTTP client; without an access key, the
     * SDK's default credential chain (environment, profile, instance role), as an engine's S3 client.
     */
    private S3Client s3Client() {
        S3ClientBuilder builder = S3Client.builder()
                .httpClient(UrlConnectionHttpClient.create())
                .forcePathStyle(Boolean.TRUE.equals(s3PathStyleAccess))
                .credentialsProvider(
                        present(s3AccessKeyId)
                                ? StaticCredentialsProvider.create(
                                        AwsBasicCredentials.create(s3AccessKeyId, s3SecretAccessKey))
                                : DefaultCredentialsProvider.builder().build());
        if (s3Endpoint != null) {
            builder.endpointOverride(s3Endpoint);
        }
        if (present(s3Region)) {
            builder.region(Region.of(s3Region));
        }
        return builder.build();
    }

    /** The S3 settings in words, the keys left out. */
    private String describeS3() {
        return "S3 at " + (s3Endpoint != null ? s3Endpoint.toString() : "AWS") + ", region "
                + (present(s3Region) ? s3Region : "from the AWS SDK")
                + (Boolean.TRUE.equals(s3PathStyleAccess) ? ", path-style" : "")
                + ", credentials "
                + (present(s3AccessKeyId) ? "from an access key (not shown)" : "from the AWS SDK's chain");
    }

    private static boolean present(String value) {
        return value != null && !value.isEmpty();
    }

    private Map<String, String> properties() {
        return hadoopProperties == null ? Map.of() : hadoopProperties;
    }

    private List<Path> siteFiles() {
        Optional<Path> folder = Optional.ofNullable(hadoopConfDir)
                .or(() -> Optional.ofNullable(System.getenv("HADOOP_CONF_DIR"))
                        .filter(value -> !value.isEmpty())
                        .map(Path::of));
        return folder.stream()
                .flatMap(dir -> SITE_FILES.stream().map(dir::resolve))
                .filter(Files::isRegularFile)
                .toList();
    }

    /** The settings in words, the S3 keys left out. */
    String describe() {
        List<Path> files = siteFiles();
        String hadoop = files.isEmpty() ? "no Hadoop site files" : "Hadoop site files " + files;
        return s3Configured() ? hadoop + "; " + describeS3() : hadoop + "; no S3";
    }
}

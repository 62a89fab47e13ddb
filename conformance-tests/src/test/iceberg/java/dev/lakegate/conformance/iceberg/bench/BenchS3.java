package dev.lakegate.conformance.iceberg.bench;

import dev.lakegate.realhms.S3MockServer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.aws.AwsClientProperties;
import org.apache.iceberg.aws.HttpClientProperties;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.aws.s3.S3FileIOProperties;

/**
 * The Iceberg commit benchmark's S3: Adobe S3Mock on 127.0.0.1 (real-hms's {@link S3MockServer}, as the
 * catalog server's tests start it), one bucket, and the same endpoint, region and key handed to both
 * sides: the writers' Iceberg S3FileIO (catalog properties) and the Lakegate gateway ({@code --s3-*}).
 */
final class BenchS3 implements AutoCloseable {

    static final String BUCKET = "bench";
    private static final String REGION = "us-east-1";
    private static final String ACCESS_KEY_ID = "bench";
    private static final String SECRET_ACCESS_KEY = "bench-secret";

    private final S3MockServer server;

    private BenchS3(S3MockServer server) {
        this.server = server;
    }

    /**
     * Starts S3Mock from the jar the build copied ({@code -Dlakegate.test.s3mock.jar}), its objects in
     * {@code folder}.
     */
    static BenchS3 start(Path folder) throws Exception {
        Path jar = Path.of(System.getProperty("lakegate.test.s3mock.jar", "target/s3mock/s3mock.jar"));
        return new BenchS3(S3MockServer.start(jar, folder, BUCKET));
    }

    /** {@code s3://bench/<prefix>}: a warehouse of its own for each target. */
    static String warehouse(String prefix) {
        return "s3://" + BUCKET + "/" + prefix;
    }

    /**
     * Iceberg catalog properties that make its FileIO S3FileIO on this server (the SDK's URL-connection client),
     * with its S3-only client factory (package-private, so named as Iceberg loads it): Iceberg's default
     * factory reads every AWS setting, which needs the KMS and STS SDKs on the classpath too.
     */
    Map<String, String> fileIoProperties() {
        return Map.of(
                CatalogProperties.FILE_IO_IMPL,
                S3FileIO.class.getName(),
                S3FileIOProperties.CLIENT_FACTORY,
                "org.apache.iceberg.aws.s3.DefaultS3FileIOAwsClientFactory",
                S3FileIOProperties.ENDPOINT,
                server.endpoint().toString(),
                S3FileIOProperties.PATH_STYLE_ACCESS,
                "true",
                S3FileIOProperties.ACCESS_KEY_ID,
                ACCESS_KEY_ID,
                S3FileIOProperties.SECRET_ACCESS_KEY,
                SECRET_ACCESS_KEY,
                AwsClientProperties.CLIENT_REGION,
                REGION,
                HttpClientProperties.CLIENT_TYPE,
                HttpClientProperties.CLIENT_TYPE_URLCONNECTION);
    }

    /** The gateway's options for the same server. */
    List<String> lakegateOptions() {
        return List.of(
                "--s3-endpoint", server.endpoint().toString(),
                "--s3-region", REGION,
                "--s3-path-style-access", "true",
                "--s3-access-key-id", ACCESS_KEY_ID,
                "--s3-secret-access-key", SECRET_ACCESS_KEY);
    }

    @Override
    public void close() throws InterruptedException {
        server.close();
    }
}

package dev.lakegate.storage.testing;

import dev.lakegate.realhms.S3MockServer;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A real S3-compatible server for tests: Adobe S3Mock in a child JVM on 127.0.0.1 ({@link S3MockServer}, shared
 * with the Iceberg commit benchmark), and AWS SDK clients of it with the keys and region a gateway configured
 * for it would use.
 */
public final class LoopbackS3 implements AutoCloseable {

    public static final String REGION = "us-east-1";
    public static final String ACCESS_KEY_ID = "lakegate-test";
    public static final String SECRET_ACCESS_KEY = "lakegate-test-secret";

    private final S3MockServer server;

    private LoopbackS3(S3MockServer server) {
        this.server = server;
    }

    /** Starts the server with {@code buckets} made, its files and log in {@code folder}. */
    public static LoopbackS3 start(Path folder, String... buckets) throws IOException, InterruptedException {
        Path jar = Path.of(Optional.ofNullable(System.getProperty("lakegate.test.s3mock.jar"))
                .orElse("target/s3mock/s3mock.jar"));
        return new LoopbackS3(S3MockServer.start(jar, folder, buckets));
    }

    /** {@code http://127.0.0.1:<port>}. */
    public URI endpoint() {
        return server.endpoint();
    }

    /** A new client of this server, as a gateway configured for it would make. */
    public S3Client client() {
        return client(endpoint());
    }

    /** A new client of the same settings at another endpoint (one that does not answer, say). */
    public static S3Client client(URI endpoint) {
        return S3Client.builder()
                .httpClient(UrlConnectionHttpClient.create())
                .endpointOverride(endpoint)
                .region(Region.of(REGION))
                .forcePathStyle(true)
                .credentialsProvider(
                        StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY_ID, SECRET_ACCESS_KEY)))
                .build();
    }

    @Override
    public void close() throws InterruptedException {
        server.close();
    }
}

package dev.lakegate.storage.testing;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A real S3-compatible server for tests: Adobe S3Mock (from Maven Central, the module's build copies its
 * executable jar) in a child JVM, so its Spring Boot stays off the test's classpath; plain HTTP on
 * 127.0.0.1, a port it picks, its objects in a folder of the test's. It takes any access key.
 */
public final class LoopbackS3 implements AutoCloseable {

    public static final String REGION = "us-east-1";
    public static final String ACCESS_KEY_ID = "lakegate-test";
    public static final String SECRET_ACCESS_KEY = "lakegate-test-secret";

    private static final Pattern PORT = Pattern.compile("Tomcat started on ports? (\\d+) \\(http\\)");
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    private final Process process;
    private final int port;

    private LoopbackS3(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts the server with {@code buckets} made, its files and log in {@code folder}. */
    public static LoopbackS3 start(Path folder, String... buckets) throws IOException, InterruptedException {
        Path jar = Path.of(Optional.ofNullable(System.getProperty("lakegate.test.s3mock.jar"))
                .orElse("target/s3mock/s3mock.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no S3Mock jar at " + jar + ": build the module with Maven (copy-s3mock)");
        }
        Files.createDirectories(folder);
        Path log = folder.resolve("s3mock.log");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(List.of(
                        java.toString(),
                        "-Xmx256m",
                        "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1",
                        "-jar",
                        jar.toAbsolutePath().toString(),
                        "--server.address=127.0.0.1",
                        "--server.port=0",
                        "--server.ssl.enabled=false",
                        // Its second connector, unused: a port of its own choosing.
                        "--com.adobe.testing.s3mock.httpPort=0",
                        "--com.adobe.testing.s3mock.store.root="
                                + folder.resolve("objects").toAbsolutePath(),
                        "--com.adobe.testing.s3mock.store.initialBuckets=" + String.join(",", buckets)))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            return new LoopbackS3(process, awaitPort(process, log));
        } catch (IOException | RuntimeException | InterruptedException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    private static int awaitPort(Process process, Path log) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            Matcher matcher = PORT.matcher(text);
            if (matcher.find() && text.contains("Started S3MockApplication")) {
                return Integer.parseInt(matcher.group(1));
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("S3Mock exited with " + process.exitValue() + ":\n" + text);
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("S3Mock did not start within " + START_TIMEOUT + "; see " + log);
    }

    /** {@code http://127.0.0.1:<port>}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
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
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor();
        }
    }
}

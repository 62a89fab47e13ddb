package dev.lakegate.realhms;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real S3-compatible server: Adobe S3Mock's executable jar (which a module's build copies from Maven
 * Central, the parent POM's {@code copy-s3mock}) in a child JVM, so its Spring Boot stays off the caller's
 * classpath; plain HTTP on {@link Loopback#HOST}, a port it picks, its objects and log in a folder of the
 * caller's. It takes any access key. Plain JDK code: callers bring their own S3 client.
 */
public final class S3MockServer implements AutoCloseable {

    private static final Pattern PORT = Pattern.compile("Tomcat started on ports? (\\d+) \\(http\\)");
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    private final Process process;
    private final int port;

    private S3MockServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts the server of {@code jar} with {@code buckets} made, its files and log in {@code folder}. */
    public static S3MockServer start(Path jar, Path folder, String... buckets)
            throws IOException, InterruptedException {
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
                        "--server.address=" + Loopback.HOST,
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
            return new S3MockServer(process, awaitPort(process, log));
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
        return URI.create("http://" + Loopback.HOST + ":" + port);
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

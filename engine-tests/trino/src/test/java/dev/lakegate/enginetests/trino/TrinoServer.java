package dev.lakegate.enginetests.trino;

import dev.lakegate.realhms.ChildJvm;
import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.Loopback;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A Trino server in a child JVM on Java 25 ({@link TrinoJava}), laid out by {@link TrinoLayout}, its catalogs
 * {@code hive} and {@code iceberg} on one metastore; reached from the tests over HTTP with Trino's JDBC driver.
 */
final class TrinoServer implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    /**
     * Trino's own jvm.config, cut down for a test on 2 shared cores: a small heap, the Vector API and the native
     * access Trino checks for at start, C1 only (queries here are small; start time is what counts).
     */
    private static final List<String> JVM_FLAGS = List.of(
            "-Xmx768m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-XX:+ExitOnOutOfMemoryError",
            "-XX:-OmitStackTraceInFastThrow",
            "-XX:+EnableDynamicAgentLoading",
            "--add-modules=jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED",
            "-Djdk.attach.allowAttachSelf=true",
            "-Djava.net.preferIPv4Stack=true",
            "-Dfile.encoding=UTF-8");

    private final ChildJvm process;
    private final TrinoLayout layout;
    private final Connection connection;

    private TrinoServer(ChildJvm process, TrinoLayout layout, Connection connection) {
        this.process = process;
        this.layout = layout;
        this.connection = connection;
    }

    static TrinoServer start(EngineMetastore metastore, Path dir, Path logFile) throws Exception {
        return start(metastore, dir, logFile, new Security(List.of(), Map.of(), "lakegate"));
    }

    /**
     * How the server reaches a secure metastore: its JVM's extra flags (the KDC's krb5.conf), both catalogs'
     * metastore settings, and the user the tests connect to Trino as.
     */
    record Security(List<String> jvmFlags, Map<String, String> metastoreSettings, String user) {}

    static TrinoServer start(EngineMetastore metastore, Path dir, Path logFile, Security security) throws Exception {
        Path javaHome = TrinoJava.home();
        TrinoLayout layout =
                TrinoLayout.create(dir, metastore.thriftUri(), Loopback.freePort(), security.metastoreSettings());
        List<String> flags = new ArrayList<>(JVM_FLAGS);
        flags.addAll(security.jvmFlags());
        flags.add("-Dconfig=" + layout.etc().resolve("config.properties"));
        Path ownClasses = Path.of(TrinoServerMain.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        ChildJvm process = ChildJvm.start(
                new ChildJvm.Launch(
                        "Trino " + layout.version(),
                        flags,
                        List.of(layout.serverLib().resolve("*"), ownClasses),
                        TrinoServerMain.class.getName(),
                        List.of(layout.version()),
                        dir,
                        logFile,
                        Map.of()),
                javaHome);
        try {
            awaitStarted(process, layout.httpPort());
            return new TrinoServer(process, layout, connect(layout.httpPort(), security.user()));
        } catch (Exception | AssertionError e) {
            process.close();
            throw e;
        }
    }

    /** Trino answers {@code /v1/info} as soon as its HTTP server is up, {@code "starting":false} once ready. */
    private static void awaitStarted(ChildJvm process, int port) throws Exception {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest info = HttpRequest.newBuilder(URI.create("http://" + Loopback.HOST + ":" + port + "/v1/info"))
                .timeout(Duration.ofSeconds(5))
                .build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            process.checkAlive("while starting");
            try {
                HttpResponse<String> response = http.send(info, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200
                        && response.body().replace(" ", "").contains("\"starting\":false")) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("Trino did not start within " + START_TIMEOUT.toSeconds() + " s; end of "
                + process.logFile() + ":\n" + process.tail(60));
    }

    private static Connection connect(int port, String user) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        return DriverManager.getConnection("jdbc:trino://" + Loopback.HOST + ":" + port, properties);
    }

    Connection connection() {
        return connection;
    }

    String version() {
        return layout.version();
    }

    Path logFile() {
        return process.logFile();
    }

    /** The end of Trino's log, for a failed step's message. */
    String tail(int lines) {
        return process.tail(lines);
    }

    @Override
    public void close() throws SQLException {
        try {
            connection.close();
        } finally {
            process.close();
        }
    }
}

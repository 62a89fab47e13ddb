package dev.lakegate.conformance.targets;

import dev.lakegate.realhms.FileTrees;
import dev.lakegate.realhms.HmsServer;
import dev.lakegate.realhms.MetastoreDatabase;
import dev.lakegate.realhms.ScratchPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;

/**
 * The targets of this run, each started once per test JVM on first use and stopped when the JVM ends
 * (and, should the JVM die, by the child's own watchdog). Scenario classes bind to one of these.
 */
public final class Targets {

    private static RealHiveMetastore realHms;
    private static RealHiveMetastore realHmsOnPostgres;
    private static LakegateGateway lakegate;
    private static IllegalStateException lakegateFailure;
    private static final java.util.List<String> STARTUPS = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** How long each target of this JVM took to start, e.g. {@code hms-3.1.3 6.1 s, lakegate 2.3 s}. */
    public static String startupSummary() {
        return String.join(", ", STARTUPS);
    }

    private Targets() {}

    /** The HMS release this run's client is checked against: {@code -Dhms.server}, else the client's default. */
    public static String referenceServerVersion() {
        return System.getProperty("lakegate.hms.server", "3.1.3");
    }

    /** The line of the Hive client on this run's classpath: 2.3, 3.1 or 4.0. */
    public static String clientLine() {
        return System.getProperty("lakegate.hive.client", "2.3");
    }

    public static String clientVersion() {
        return System.getProperty("lakegate.hive.client.version", "?");
    }

    /**
     * Fails when {@code -Dhive.client} names no client line: Maven then falls back to the default profile,
     * and the run would quietly test another client than the one asked for.
     */
    public static void checkClientSelection() {
        String requested = System.getProperty("lakegate.hive.client.requested", "");
        if (!requested.isEmpty() && !requested.startsWith("${") && !requested.equals(clientLine())) {
            throw new IllegalStateException("-Dhive.client=" + requested + " names no client line (2.3, 3.1, 4.0); "
                    + "this run has the " + clientLine() + " client");
        }
    }

    /** The reference: the real Apache Hive Metastore of this run's release, started on first use. */
    public static synchronized RealHiveMetastore realHms() {
        checkClientSelection();
        if (realHms == null) {
            realHms = startReference(new MetastoreDatabase.Derby(true));
        }
        return realHms;
    }

    /**
     * The reference on a scratch database of the build's PostgreSQL server (dropped when the JVM ends), for the
     * scenarios HMS cannot answer on embedded Derby: its transactions.
     */
    public static synchronized RealHiveMetastore realHmsOnPostgres() {
        checkClientSelection();
        if (realHmsOnPostgres == null) {
            String user = System.getProperty("lakegate.test.postgres.user", "postgres");
            ScratchPostgres database = ScratchPostgres.create(
                    System.getProperty("lakegate.test.postgres.url", "jdbc:postgresql://127.0.0.1:5432/postgres"),
                    user,
                    "");
            Runtime.getRuntime().addShutdownHook(new Thread(database::close, "drop-" + database.name()));
            realHmsOnPostgres = startReference(new MetastoreDatabase.Postgres(database.jdbcUrl(), user, ""));
        }
        return realHmsOnPostgres;
    }

    private static RealHiveMetastore startReference(MetastoreDatabase database) {
        deleteEarlierRuns();
        RealHiveMetastore hms = RealHiveMetastore.create(referenceServerVersion(), runDir(), logsDir(), database);
        Runtime.getRuntime().addShutdownHook(new Thread(hms::stop, "stop-" + hms.name()));
        try {
            hms.start();
        } catch (Exception e) {
            hms.stop();
            throw new IllegalStateException("cannot start " + hms.name() + ": " + e.getMessage(), e);
        }
        String report = hms.startupReport() + " on " + database.label() + " (client " + clientVersion() + ")";
        System.out.println("[conformance] " + report);
        appendLine(logsDir().resolve("startup-times.txt"), LocalDateTime.now() + " " + report);
        STARTUPS.add(String.format(
                "%s %.1f s (schema %.1f s)",
                hms.name(), (hms.schemaMillis() + hms.serverMillis()) / 1000.0, hms.schemaMillis() / 1000.0));
        return hms;
    }

    /** The candidate: a Lakegate gateway ({@code lakegate serve}) in a child JVM, started on first use. */
    public static synchronized LakegateGateway lakegate() {
        checkClientSelection();
        if (lakegateFailure != null) {
            throw lakegateFailure; // once per run: every scenario on Lakegate fails with the same cause
        }
        if (lakegate == null) {
            deleteEarlierRuns();
            LakegateGateway gateway = LakegateGateway.create(runDir(), logsDir());
            Runtime.getRuntime().addShutdownHook(new Thread(gateway::stop, "stop-lakegate"));
            try {
                gateway.start();
            } catch (Exception e) {
                gateway.stop();
                lakegateFailure =
                        new IllegalStateException("cannot start " + gateway.name() + ": " + e.getMessage(), e);
                throw lakegateFailure;
            }
            String report = gateway.startupReport() + " (client " + clientVersion() + ")";
            System.out.println("[conformance] " + report);
            appendLine(logsDir().resolve("startup-times.txt"), LocalDateTime.now() + " " + report);
            STARTUPS.add(String.format("lakegate %.1f s", gateway.serverMillis() / 1000.0));
            lakegate = gateway;
        }
        return lakegate;
    }

    /** The folder the build lays the servers out in (the module's {@code target/}). */
    public static Path serversDir() {
        String dir = System.getProperty("lakegate.hms.servers.dir");
        return dir != null ? Path.of(dir) : Path.of("target");
    }

    /** A release the build laid out in {@link #serversDir()}: 3.1.3, 4.0.0 or 4.0.1. */
    public static HmsServer hmsServer(String version) {
        return HmsServer.in(serversDir(), version)
                .requireLaidOut("run the module's build up to generate-test-resources; known: 3.1.3, 4.0.0, 4.0.1");
    }

    /** Where the targets keep their databases and warehouses: {@code target/hms-run}. */
    public static Path runDir() {
        return serversDir().resolve("hms-run");
    }

    public static Path logsDir() {
        String dir = System.getProperty("lakegate.hms.logs.dir");
        return dir != null ? Path.of(dir) : serversDir().resolve("hms-logs");
    }

    /** The databases and warehouses of earlier runs (their logs stay in {@link #logsDir()}). */
    private static boolean earlierRunsDeleted;

    private static synchronized void deleteEarlierRuns() {
        if (earlierRunsDeleted) {
            return;
        }
        earlierRunsDeleted = true;
        Path dir = runDir();
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (var runs = Files.list(dir)) {
            for (Path run : (Iterable<Path>) runs::iterator) {
                FileTrees.delete(run);
            }
        } catch (IOException e) {
            System.err.println("[conformance] cannot delete earlier runs in " + dir + ": " + e);
        }
    }

    static void appendLine(Path file, String line) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(
                    file,
                    line + System.lineSeparator(),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

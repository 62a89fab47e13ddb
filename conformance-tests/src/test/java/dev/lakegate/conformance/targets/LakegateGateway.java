package dev.lakegate.conformance.targets;

import dev.lakegate.conformance.scenarios.LockScenarios;
import dev.lakegate.realhms.LakegateDistribution;
import dev.lakegate.realhms.LakegateProcess;
import dev.lakegate.realhms.Loopback;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The candidate: a Lakegate gateway ({@code lakegate serve}, a {@link LakegateProcess}) in a child JVM, started
 * as an operator starts it: the launcher's own jar and runtime libraries (copied by the build into
 * {@code target/lakegate-lib/}, never on the test classpath, where the Hive client's Thrift classes would clash
 * with Lakegate's), an embedded catalog in a data folder of its own, a {@code file:} warehouse beside it like
 * the real HMS's, Thrift on a port it picks itself and gRPC in-process only.
 *
 * <p>Its output goes to {@code target/hms-logs/<name>.log}. Stopped by its process id (destroy, then
 * destroyForcibly); should the test JVM die, its watchdog halts it.
 */
public final class LakegateGateway implements MetastoreTarget {

    public static final String HOST = Loopback.HOST;
    private static final List<String> JVM_FLAGS =
            List.of("-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.net.preferIPv4Stack=true");
    private static final String HOW_TO_BUILD =
            "build the launcher module, then this module up to " + "generate-test-resources";

    private final LakegateDistribution distribution;
    private final Path workDir;
    private final Path logFile;

    private boolean grpc;
    private String jdbcUrl;
    private Path warehouse;
    private URI legacy;
    private List<String> moreOptions = List.of();
    private List<String> moreJvmFlags = List.of();
    /** The last one started, kept after it stops; null before a start. */
    private volatile LakegateProcess process;

    public LakegateGateway(Path distribution, Path workDir, Path logFile) {
        this.distribution = LakegateDistribution.layout(distribution.toAbsolutePath());
        this.workDir = workDir.toAbsolutePath();
        this.logFile = logFile.toAbsolutePath();
    }

    /** A gateway from the build's copy of the launcher, working in a fresh folder under {@code parent}. */
    public static LakegateGateway create(Path parent, Path logsDir) {
        try {
            Files.createDirectories(parent);
            Path work = Files.createTempDirectory(parent, "lakegate-");
            return new LakegateGateway(distribution(), work, logsDir.resolve(work.getFileName() + ".log"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Where the launcher is laid out: {@code -Dlakegate.gateway.dist} (a folder with {@code lakegate.jar}
     * and {@code lib/}), else the build's {@code target/lakegate-lib}.
     */
    public static Path distribution() {
        String dir = System.getProperty("lakegate.gateway.dist");
        return dir != null && !dir.isEmpty()
                ? Path.of(dir)
                : Targets.serversDir().resolve("lakegate-lib");
    }

    @Override
    public String name() {
        return "lakegate";
    }

    @Override
    public URI thriftUri() {
        LakegateProcess started = process;
        if (started == null) {
            throw new IllegalStateException(name() + " is not started");
        }
        return URI.create("thrift://" + HOST + ":" + started.port());
    }

    @Override
    public Path warehouseDir() {
        return warehouse != null ? warehouse : workDir.resolve("warehouse");
    }

    /** Serves the catalog's gRPC API too, on a free port ({@link #grpcPort()}); set before {@link #start()}. */
    public LakegateGateway withGrpc() {
        this.grpc = true;
        return this;
    }

    /** Keeps the catalog in this PostgreSQL database instead of the embedded store; set before {@link #start()}. */
    public LakegateGateway withJdbcUrl(String url) {
        this.jdbcUrl = url;
        return this;
    }

    /** Fronts the metastore at {@code uri} ({@code serve --legacy}); set before {@link #start()}. */
    public LakegateGateway withLegacy(URI uri) {
        this.legacy = uri;
        return this;
    }

    /** Adds these {@code serve} options (the {@code --s3-*} settings, say); set before {@link #start()}. */
    public LakegateGateway withOptions(List<String> options) {
        this.moreOptions = List.copyOf(options);
        return this;
    }

    /** Adds these flags to the gateway's JVM (the KDC's krb5.conf, say); set before {@link #start()}. */
    public LakegateGateway withJvmFlags(List<String> flags) {
        this.moreJvmFlags = List.copyOf(flags);
        return this;
    }

    /** Uses this warehouse folder (gateways sharing a catalog share it); set before {@link #start()}. */
    public LakegateGateway withWarehouse(Path dir) {
        this.warehouse = dir.toAbsolutePath();
        return this;
    }

    /** The gRPC port of a gateway started {@link #withGrpc()}. */
    public int grpcPort() {
        LakegateProcess started = process;
        if (started == null || started.grpcPort().isEmpty()) {
            throw new IllegalStateException(name() + " serves no gRPC API");
        }
        return started.grpcPort().getAsInt();
    }

    /** The command line that runs the launcher's {@code lakegate} command with these arguments. */
    public static List<String> lakegateCommand(List<String> arguments) {
        return LakegateDistribution.layout(distribution().toAbsolutePath())
                .command(List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"), arguments);
    }

    /** Where the gateway's output goes. */
    public Path logFile() {
        return logFile;
    }

    /** Milliseconds from launching the gateway's JVM to its first answered Thrift call, -1 before start. */
    public long serverMillis() {
        LakegateProcess started = process;
        return started == null ? -1 : started.startMillis();
    }

    public String startupReport() {
        return String.format(
                "%s started in %.1f s; port %d; log %s",
                name(), serverMillis() / 1000.0, thriftUri().getPort(), logFile);
    }

    @Override
    public synchronized void start() throws Exception {
        if (process != null && process.isRunning()) {
            return;
        }
        process = null;
        distribution.requireLaidOut(HOW_TO_BUILD);
        Files.createDirectories(warehouseDir());
        List<String> arguments = new ArrayList<>(List.of(
                "--grpc-host",
                HOST,
                "--grpc-port",
                grpc ? "0" : "-1",
                "--warehouse",
                "file:" + warehouseDir(),
                "--lock-timeout",
                Integer.toString(LockScenarios.TIMEOUT_SECONDS),
                // as the reference HMS 3.1.3 runs, with its listener as a transactional one
                "--transaction-events"));
        if (legacy != null) {
            arguments.addAll(List.of("--legacy", legacy.toString()));
        }
        if (jdbcUrl != null) {
            arguments.addAll(List.of("--jdbc-url", jdbcUrl));
        } else {
            arguments.addAll(List.of("--data", workDir.resolve("data").toString()));
        }
        arguments.addAll(moreOptions);
        List<String> flags = new ArrayList<>(JVM_FLAGS);
        flags.addAll(moreJvmFlags);
        process = LakegateProcess.start(
                new LakegateProcess.Launch(distribution, workDir, logFile, flags, "WARN", arguments));
    }

    @Override
    public synchronized void stop() {
        if (process != null) {
            process.close();
        }
    }

    public boolean isRunning() {
        LakegateProcess started = process;
        return started != null && started.isRunning();
    }

    @Override
    public String toString() {
        return name() + (process != null ? " at " + thriftUri() : "");
    }
}

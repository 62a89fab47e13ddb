package dev.lakegate.conformance.targets;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Lakegate gateway ({@code lakegate serve}) in a child JVM, started as an operator starts it: the
 * launcher's own jar and runtime libraries (copied by the build into {@code target/lakegate-lib/}, never
 * on the test classpath, where the Hive client's Thrift classes would clash with Lakegate's), an embedded
 * catalog in a data folder of its own, a {@code file:} warehouse beside it like the real HMS's, Thrift on a
 * port it picks itself and gRPC in-process only.
 *
 * <p>Ready when it prints {@code listening on 127.0.0.1:<port>} and answers the hand-written
 * {@link ThriftProbe}. Its output goes to {@code target/hms-logs/<name>.log}. Stopped by its process id
 * (destroy, then destroyForcibly); should the test JVM die, {@link ChildWatchdog} halts it.
 */
public final class LakegateGateway implements MetastoreTarget {

    public static final String HOST = "127.0.0.1";
    private static final String MAIN_CLASS = "dev.lakegate.launcher.Lakegate";
    private static final Pattern LISTENING = Pattern.compile("listening on [^:\\s]+:(\\d+)");
    private static final Pattern GRPC = Pattern.compile(", [^:\\s]+:(\\d+) \\(grpc\\)");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_GRACE = Duration.ofSeconds(15);

    private final Path distribution;
    private final Path workDir;
    private final Path logFile;

    private Process process;
    private int port = -1;
    private volatile int grpcPort = -1;
    private boolean grpc;
    private String jdbcUrl;
    private Path warehouse;
    private URI legacy;
    private long serverMillis = -1;

    public LakegateGateway(Path distribution, Path workDir, Path logFile) {
        this.distribution = distribution.toAbsolutePath();
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
        return dir != null && !dir.isEmpty() ? Path.of(dir) : HmsServer.serversDir().resolve("lakegate-lib");
    }

    @Override
    public String name() {
        return "lakegate";
    }

    @Override
    public URI thriftUri() {
        if (port < 0) {
            throw new IllegalStateException(name() + " is not started");
        }
        return URI.create("thrift://" + HOST + ":" + port);
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

    /** Uses this warehouse folder (gateways sharing a catalog share it); set before {@link #start()}. */
    public LakegateGateway withWarehouse(Path dir) {
        this.warehouse = dir.toAbsolutePath();
        return this;
    }

    /** The gRPC port of a gateway started {@link #withGrpc()}. */
    public int grpcPort() {
        if (grpcPort < 0) {
            throw new IllegalStateException(name() + " serves no gRPC API");
        }
        return grpcPort;
    }

    /** The command line that runs the launcher's {@code lakegate} command with these arguments. */
    public static List<String> lakegateCommand(List<String> arguments) {
        Path dist = distribution().toAbsolutePath();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
                dist.resolve("lakegate.jar") + java.io.File.pathSeparator + dist.resolve("lib") + "/*", MAIN_CLASS));
        cmd.addAll(arguments);
        return cmd;
    }

    public Path logFile() {
        return logFile;
    }

    /** Milliseconds from launching the gateway's JVM to its first answered Thrift call, -1 before start. */
    public long serverMillis() {
        return serverMillis;
    }

    public String startupReport() {
        return String.format("%s started in %.1f s; port %d; log %s", name(), serverMillis / 1000.0, port, logFile);
    }

    @Override
    public synchronized void start() throws Exception {
        if (process != null && process.isAlive()) {
            return;
        }
        Path jar = distribution.resolve("lakegate.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the Lakegate launcher is not laid out in " + distribution
                    + " (build the launcher module, then this module up to generate-test-resources)");
        }
        Files.createDirectories(warehouseDir());
        Files.createDirectories(logFile.getParent());
        Files.createDirectories(workDir.resolve("tmp"));
        Path launcherDir = copyWatchdog(workDir.resolve("launcher"));

        List<String> cp = new ArrayList<>();
        cp.add(launcherDir.toString());
        cp.add(jar.toString());
        cp.add(distribution.resolve("lib").toString() + "/*");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.net.preferIPv4Stack=true",
                "-Djava.io.tmpdir=" + workDir.resolve("tmp"),
                "-cp", String.join(java.io.File.pathSeparator, cp),
                ChildWatchdog.class.getName(), MAIN_CLASS, "serve",
                "--thrift-host", HOST, "--thrift-port", "0", "--grpc-host", HOST, "--grpc-port", grpc ? "0" : "-1",
                "--warehouse", "file:" + warehouseDir(),
                "--lock-timeout", Integer.toString(dev.lakegate.conformance.scenarios.LockScenarios.TIMEOUT_SECONDS)));
        if (legacy != null) {
            cmd.addAll(List.of("--legacy", legacy.toString()));
        }
        if (jdbcUrl != null) {
            cmd.addAll(List.of("--jdbc-url", jdbcUrl));
        } else {
            cmd.addAll(List.of("--data", workDir.resolve("data").toString()));
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("LAKEGATE_"));
        pb.environment().put("LAKEGATE_LOG_LEVEL", "WARN");

        long t0 = System.nanoTime();
        Process p = pb.start();
        process = p;
        CompletableFuture<Integer> announced = new CompletableFuture<>();
        Thread reader = new Thread(() -> copyOutput(p, announced), "lakegate-output");
        reader.setDaemon(true);
        reader.start();
        try {
            port = announced.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            answersThrift(port);
            serverMillis = (System.nanoTime() - t0) / 1_000_000;
        } catch (Exception e) {
            stop();
            port = -1;
            throw new IllegalStateException(name() + " did not start: " + e.getMessage() + "; end of " + logFile
                    + ":\n" + RealHiveMetastore.tail(logFile, 60), e);
        }
    }

    /**
     * Whether the gateway at that port answers a Thrift call: the databases, or a Thrift application
     * exception (a gateway without the databases area answers {@code get_all_databases} with UNKNOWN_METHOD).
     */
    public static String answersThrift(int port) throws IOException {
        try {
            return "get_all_databases: " + ThriftProbe.getAllDatabases(HOST, port, 10_000);
        } catch (IOException e) {
            if (String.valueOf(e.getMessage()).startsWith("TApplicationException")) {
                return e.getMessage();
            }
            throw e;
        }
    }

    /** Copies the child's output to the log, completing {@code announced} with the port it prints. */
    private void copyOutput(Process p, CompletableFuture<Integer> announced) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             Writer log = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8,
                     StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            log.write("=== lakegate serve (" + distribution + ")\n");
            log.flush();
            String line;
            while ((line = lines.readLine()) != null) {
                log.write(line);
                log.write('\n');
                log.flush();
                Matcher m = LISTENING.matcher(line);
                if (!announced.isDone() && m.find()) {
                    Matcher g = GRPC.matcher(line);
                    if (g.find()) {
                        grpcPort = Integer.parseInt(g.group(1));
                    }
                    announced.complete(Integer.parseInt(m.group(1)));
                }
            }
        } catch (IOException ignored) {
            // the process ended
        }
        announced.completeExceptionally(new IllegalStateException("lakegate exited before listening"));
    }

    @Override
    public synchronized void stop() {
        Process p = process;
        if (p == null) {
            return;
        }
        process = null;
        ChildProcesses.stop(p, STOP_GRACE);
    }

    public boolean isRunning() {
        Process p = process;
        return p != null && p.isAlive();
    }

    private static Path copyWatchdog(Path dir) throws IOException {
        String resource = ChildWatchdog.class.getName().replace('.', '/') + ".class";
        Path target = dir.resolve(resource);
        Files.createDirectories(target.getParent());
        try (var in = ChildWatchdog.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("cannot find " + resource);
            }
            Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return dir;
    }

    @Override
    public String toString() {
        return name() + (port >= 0 ? " at " + thriftUri() : "");
    }
}

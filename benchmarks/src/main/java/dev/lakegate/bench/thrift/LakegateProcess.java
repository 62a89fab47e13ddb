package dev.lakegate.bench.thrift;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The gateway as {@code ./lakegate serve} runs it, in a child JVM: {@code dev.lakegate.launcher.Lakegate
 * serve --thrift-port 0 --grpc-port -1 --data <dir>}, i.e. the embedded catalog on H2 in the run's folder,
 * served in-process only, the warehouse below it. Its classpath is the launcher jar and its runtime
 * dependencies as the build copied them into {@code benchmarks/target/lakegate-lib}. Ready when it prints
 * {@code listening on 127.0.0.1:<port>}.
 */
public final class LakegateProcess implements Server {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final String MAIN = "dev.lakegate.launcher.Lakegate";
    private static final Pattern LISTENING = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+)");

    private final ChildJvm jvm;
    private final int port;
    private final long startMillis;
    private final String store;

    private LakegateProcess(ChildJvm jvm, int port, long startMillis, String store) {
        this.jvm = jvm;
        this.port = port;
        this.startMillis = startMillis;
        this.store = store;
    }

    /** With {@code postgres} (a JDBC URL, user postgres) the catalog lives there instead of H2. */
    public static LakegateProcess start(Path lib, Path workDir, List<String> jvmFlags, String logLevel,
            Optional<String> postgres) throws Exception {
        List<Path> classpath = classpath(lib);
        Path data = workDir.resolve("data");
        Path tmp = workDir.resolve("tmp");
        Files.createDirectories(tmp);
        List<String> flags = new ArrayList<>(jvmFlags);
        flags.add("-Djava.io.tmpdir=" + tmp);
        long t0 = System.nanoTime();
        List<String> arguments = new ArrayList<>(List.of("serve", "--thrift-host", HOST, "--thrift-port", "0",
                "--grpc-port", "-1", "--data", data.toString()));
        postgres.ifPresent(url -> arguments.addAll(List.of("--jdbc-url", url, "--jdbc-user", "postgres")));
        ChildJvm jvm = ChildJvm.start("Lakegate", flags, classpath, MAIN, arguments,
                workDir, workDir.resolve("lakegate.log"), Map.of("LAKEGATE_LOG_LEVEL", logLevel));
        try {
            int port = awaitPort(jvm);
            // The line is printed once the Thrift server is bound; make sure it answers, as for HMS.
            try (Connection c = Connection.open(HOST, port, 30_000)) {
                c.client().get_all_databases();
            }
            return new LakegateProcess(jvm, port, (System.nanoTime() - t0) / 1_000_000,
                    postgres.isPresent() ? "PostgreSQL" : "H2");
        } catch (Exception e) {
            jvm.close();
            throw e;
        }
    }

    /** The launcher jar first (its logback.xml is the one that counts), then the rest in name order. */
    private static List<Path> classpath(Path lib) throws IOException {
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException("no gateway classpath in " + lib
                    + " (run mvn -B -q install -DskipTests at the root first, or pass --lakegate-lib)");
        }
        List<Path> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        }
        List<Path> launcher = jars.stream().filter(f -> f.getFileName().toString().startsWith("lakegate-launcher-")).toList();
        if (launcher.size() != 1) {
            throw new IllegalStateException("expected one lakegate-launcher jar in " + lib + ", found " + launcher);
        }
        jars.removeAll(launcher);
        List<Path> classpath = new ArrayList<>(launcher);
        classpath.addAll(jars);
        return classpath;
    }

    private static int awaitPort(ChildJvm jvm) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = LISTENING.matcher(new String(Files.readAllBytes(jvm.logFile()), StandardCharsets.UTF_8));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            jvm.checkAlive("before listening");
            Thread.sleep(100);
        }
        throw new IllegalStateException("Lakegate did not print \"listening on\" within " + START_TIMEOUT.toSeconds()
                + " s; end of " + jvm.logFile() + ":\n" + jvm.tail(60));
    }

    @Override
    public String label() {
        return "Lakegate";
    }

    @Override
    public String description() {
        return "Lakegate gateway (`lakegate serve`, embedded catalog on " + store + ", in-process)";
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public ChildJvm jvm() {
        return jvm;
    }

    @Override
    public long startMillis() {
        return startMillis;
    }

    @Override
    public void close() {
        jvm.close();
    }
}

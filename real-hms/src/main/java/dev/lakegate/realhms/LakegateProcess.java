package dev.lakegate.realhms;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Lakegate gateway in a child JVM, started as an operator starts it: {@code lakegate serve --thrift-host
 * 127.0.0.1 --thrift-port 0} and the caller's arguments, from a {@link LakegateDistribution}. Ready when it
 * prints {@code listening on 127.0.0.1:<port>} and answers the hand-written {@link ThriftProbe}, or, started with
 * {@code --thrift-auth} other than none (a SASL-only port), refuses the {@link SaslProbe}'s mechanism.
 */
public final class LakegateProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Pattern LISTENING = Pattern.compile("listening on [^:\\s]+:(\\d+)");
    private static final Pattern GRPC = Pattern.compile(", [^:\\s]+:(\\d+) \\(grpc\\)");

    /**
     * A gateway of {@code distribution} working in {@code workDir}, its JVM run with {@code jvmFlags}, its log
     * level {@code logLevel} ({@code LAKEGATE_LOG_LEVEL}), and {@code serveArguments} after the Thrift address.
     */
    public record Launch(
            LakegateDistribution distribution,
            Path workDir,
            Path logFile,
            List<String> jvmFlags,
            String logLevel,
            List<String> serveArguments) {

        public Launch {
            requireNonNull(distribution, "distribution is null");
            workDir = requireNonNull(workDir, "workDir is null").toAbsolutePath();
            logFile = requireNonNull(logFile, "logFile is null").toAbsolutePath();
            jvmFlags = List.copyOf(requireNonNull(jvmFlags, "jvmFlags is null"));
            requireNonNull(logLevel, "logLevel is null");
            serveArguments = List.copyOf(requireNonNull(serveArguments, "serveArguments is null"));
        }

        /** Whether the arguments turn SASL on ({@code --thrift-auth} other than none): then the port is SASL-only. */
        public boolean saslOnly() {
            for (int i = 0; i < serveArguments.size(); i++) {
                String argument = serveArguments.get(i);
                String mode = argument.startsWith("--thrift-auth=")
                        ? argument.substring("--thrift-auth=".length())
                        : argument.equals("--thrift-auth") && i + 1 < serveArguments.size()
                                ? serveArguments.get(i + 1)
                                : null;
                if (mode != null && !mode.trim().equalsIgnoreCase("none")) {
                    return true;
                }
            }
            return false;
        }
    }

    private final ChildJvm jvm;
    private final int port;
    private final OptionalInt grpcPort;
    private final long startMillis;

    private LakegateProcess(ChildJvm jvm, int port, OptionalInt grpcPort, long startMillis) {
        this.jvm = jvm;
        this.port = port;
        this.grpcPort = grpcPort;
        this.startMillis = startMillis;
    }

    public static LakegateProcess start(Launch launch) throws Exception {
        Path tmp = launch.workDir().resolve("tmp");
        Files.createDirectories(tmp);
        List<String> flags = new ArrayList<>(launch.jvmFlags());
        flags.addAll(LakegateDistribution.OPENS);
        flags.add("-Djava.io.tmpdir=" + tmp);
        List<String> arguments =
                new ArrayList<>(List.of("serve", "--thrift-host", Loopback.HOST, "--thrift-port", "0"));
        arguments.addAll(launch.serveArguments());
        // Only what this child writes counts: a gateway started again appends to the log of its first start.
        long logStart = Files.exists(launch.logFile()) ? Files.size(launch.logFile()) : 0;
        long t0 = System.nanoTime();
        ChildJvm jvm = ChildJvm.start(new ChildJvm.Launch(
                "Lakegate",
                flags,
                launch.distribution().classpath(),
                LakegateDistribution.MAIN_CLASS,
                arguments,
                launch.workDir(),
                launch.logFile(),
                Map.of("LAKEGATE_LOG_LEVEL", launch.logLevel())));
        try {
            String line = awaitListening(jvm, logStart);
            Matcher thrift = LISTENING.matcher(line);
            thrift.find();
            int port = Integer.parseInt(thrift.group(1));
            Matcher grpc = GRPC.matcher(line);
            OptionalInt grpcPort = grpc.find() ? OptionalInt.of(Integer.parseInt(grpc.group(1))) : OptionalInt.empty();
            if (launch.saslOnly()) {
                SaslProbe.refusedMechanism(Loopback.HOST, port, 10_000);
            } else {
                answersThrift(port);
            }
            return new LakegateProcess(jvm, port, grpcPort, (System.nanoTime() - t0) / 1_000_000);
        } catch (Exception e) {
            jvm.close();
            throw new IllegalStateException(
                    "Lakegate did not start: " + e.getMessage() + "; end of " + jvm.logFile() + ":\n" + jvm.tail(60),
                    e);
        }
    }

    /**
     * What the gateway at that port answers a Thrift call with: the databases, or a Thrift application
     * exception (a gateway without the databases area answers {@code get_all_databases} with UNKNOWN_METHOD).
     * Fails when it does not answer.
     */
    public static String answersThrift(int port) throws IOException {
        try {
            return "get_all_databases: " + ThriftProbe.getAllDatabases(Loopback.HOST, port, 10_000);
        } catch (IOException e) {
            if (String.valueOf(e.getMessage()).startsWith("TApplicationException")) {
                return e.getMessage();
            }
            throw e;
        }
    }

    public int port() {
        return port;
    }

    /** The port of the catalog's gRPC API, when the arguments asked the gateway to serve it. */
    public OptionalInt grpcPort() {
        return grpcPort;
    }

    public ChildJvm jvm() {
        return jvm;
    }

    public boolean isRunning() {
        return jvm.isAlive();
    }

    /** Milliseconds from launching the gateway's JVM to its first answered Thrift call. */
    public long startMillis() {
        return startMillis;
    }

    @Override
    public void close() {
        jvm.close();
    }

    /** The line that says where the gateway listens, once a whole one is in the log. */
    private static String awaitListening(ChildJvm jvm, long logStart) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            byte[] log = Files.readAllBytes(jvm.logFile());
            int from = (int) Math.min(logStart, log.length);
            Optional<String> line = listeningLine(new String(log, from, log.length - from, StandardCharsets.UTF_8));
            if (line.isPresent()) {
                return line.get();
            }
            OptionalInt exit = jvm.exitCode();
            if (exit.isPresent()) {
                throw new IllegalStateException("it exited with " + exit.getAsInt() + " before listening");
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("it printed no \"listening on\" within " + START_TIMEOUT.toSeconds() + " s");
    }

    /** Complete lines only: a line still being written could end in the middle of its port. */
    static Optional<String> listeningLine(String log) {
        int end = log.lastIndexOf('\n');
        if (end < 0) {
            return Optional.empty();
        }
        return log.substring(0, end)
                .lines()
                .filter(l -> LISTENING.matcher(l).find())
                .findFirst();
    }
}

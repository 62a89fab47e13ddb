package dev.lakegate.realhms;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The metastore an engine test talks to, in a child JVM: a Lakegate gateway ({@code lakegate serve}, its
 * catalog in H2 under the work directory, no gRPC) or a real HMS from its binary distribution on Derby.
 * The engine's warehouse is the metastore's. Not AutoCloseable: a child JVM's close may be interrupted,
 * which try-with-resources would warn about.
 */
public record EngineMetastore(String name, int port, Path warehouse, Path logFile, AutoCloseable process) {

    private static final int MAX_PROBLEM_LINES = 40;

    public static EngineMetastore lakegate(
            Path workDir, LakegateDistribution distribution, Path logsDir, List<String> jvmFlags) throws Exception {
        return lakegate(workDir, distribution, logsDir, jvmFlags, List.of());
    }

    /** A gateway also started with {@code serveArguments} (authentication, authorization: an engine's own setup). */
    public static EngineMetastore lakegate(
            Path workDir,
            LakegateDistribution distribution,
            Path logsDir,
            List<String> jvmFlags,
            List<String> serveArguments)
            throws Exception {
        Path warehouse = Files.createDirectories(workDir.resolve("warehouse"));
        Path logFile = logsDir.resolve("lakegate.log");
        List<String> arguments = new ArrayList<>(List.of(
                "--grpc-host",
                Loopback.HOST,
                "--grpc-port",
                "-1",
                "--warehouse",
                warehouse.toUri().toString(),
                "--data",
                workDir.resolve("data").toString()));
        arguments.addAll(serveArguments);
        LakegateProcess process = LakegateProcess.start(
                new LakegateProcess.Launch(distribution, workDir, logFile, jvmFlags, "INFO", arguments));
        return new EngineMetastore("Lakegate", process.port(), warehouse, logFile, process);
    }

    public static EngineMetastore realHms(Path workDir, HmsServer server, Path logsDir, List<String> jvmFlags)
            throws Exception {
        return realHms(workDir, server, logsDir, jvmFlags, Map.of());
    }

    /** A real HMS whose site file also holds {@code site} (an engine's own metastore settings). */
    public static EngineMetastore realHms(
            Path workDir, HmsServer server, Path logsDir, List<String> jvmFlags, Map<String, String> site)
            throws Exception {
        Path logFile = logsDir.resolve("hms-" + server.version() + ".log");
        HmsProcess process = HmsProcess.start(new HmsProcess.Launch(
                server, workDir, logFile, jvmFlags, new MetastoreDatabase.Derby(true), "INFO", site));
        return new EngineMetastore("HMS " + server.version(), process.port(), process.warehouseDir(), logFile, process);
    }

    /**
     * {@code lakegate serve} of the launcher the engine module's build laid out (system property
     * {@code lakegate.gateway.dist}); {@code howToBuild} says how when it is missing.
     */
    public static EngineMetastore lakegateOfThisBuild(Path workDir, String howToBuild, List<String> jvmFlags)
            throws Exception {
        return lakegateOfThisBuild(workDir, howToBuild, jvmFlags, List.of());
    }

    /** The same, also started with {@code serveArguments}. */
    public static EngineMetastore lakegateOfThisBuild(
            Path workDir, String howToBuild, List<String> jvmFlags, List<String> serveArguments) throws Exception {
        LakegateDistribution distribution = LakegateDistribution.layout(
                        Path.of(System.getProperty("lakegate.gateway.dist")))
                .requireLaidOut(howToBuild);
        return lakegate(workDir, distribution, logsDir(), jvmFlags, serveArguments);
    }

    /**
     * The real HMS the engine module's build laid out (system properties {@code lakegate.hms.servers.dir} and
     * {@code lakegate.hms.server}); {@code howToLayOut} says how when it is missing.
     */
    public static EngineMetastore realHmsOfThisBuild(
            Path workDir, String howToLayOut, List<String> jvmFlags, Map<String, String> site) throws Exception {
        HmsServer server = HmsServer.in(
                        Path.of(System.getProperty("lakegate.hms.servers.dir")),
                        System.getProperty("lakegate.hms.server"))
                .requireLaidOut(howToLayOut);
        return realHms(workDir, server, logsDir(), jvmFlags, site);
    }

    /** Where an engine module writes its logs and reports (system property {@code lakegate.engine.logs.dir}). */
    public static Path logsDir() throws java.io.IOException {
        return Files.createDirectories(Path.of(System.getProperty("lakegate.engine.logs.dir")));
    }

    /** How far the metastore's log has been written: where a step's problems will start. */
    public long logSize() throws java.io.IOException {
        return Files.exists(logFile) ? Files.size(logFile) : 0;
    }

    /** What the metastore logged from {@code offset} on that says a call went wrong (at most 40 lines). */
    public String problemsLoggedSince(long offset) throws java.io.IOException {
        if (!Files.exists(logFile)) {
            return "(no log at " + logFile + ")";
        }
        byte[] log = Files.readAllBytes(logFile);
        int from = (int) Math.min(offset, log.length);
        String problems = new String(log, from, log.length - from, java.nio.charset.StandardCharsets.UTF_8)
                .lines()
                .filter(line -> line.contains("WARN") || line.contains("ERROR") || line.contains("Exception"))
                .limit(MAX_PROBLEM_LINES)
                .collect(java.util.stream.Collectors.joining("\n"));
        return problems.isEmpty() ? "(nothing at WARN or above)" : problems;
    }

    /** {@code thrift://127.0.0.1:<port>}, the value of {@code hive.metastore.uris}. */
    public String thriftUri() {
        return "thrift://" + Loopback.HOST + ":" + port;
    }

    /** Stops the metastore's JVM. */
    public void close() throws Exception {
        process.close();
    }
}

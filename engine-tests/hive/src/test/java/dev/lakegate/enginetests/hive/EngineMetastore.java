package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.HmsProcess;
import dev.lakegate.realhms.HmsServer;
import dev.lakegate.realhms.LakegateDistribution;
import dev.lakegate.realhms.LakegateProcess;
import dev.lakegate.realhms.MetastoreDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The metastore the engine talks to, in a child JVM: a Lakegate gateway, or the real HMS as the reference.
 * Not AutoCloseable: a child JVM's close may be interrupted, which try-with-resources would warn about.
 */
record EngineMetastore(String name, int port, Path warehouse, Path logFile, AutoCloseable process) {

    private static final String HOW_TO_BUILD =
            "build with the launcher: mvn package -pl launcher,engine-tests/hive -am";
    private static final List<String> JVM_FLAGS = List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    /** HMS reads the engine's Kryo-serialized partition expressions with hive-exec, which reflects into java.util. */
    private static final List<String> HMS_JVM_FLAGS = List.of(
            "-Xmx384m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED");

    /** {@code lakegate serve} of this tree's launcher, its catalog in H2 under {@code workDir}, no gRPC. */
    static EngineMetastore lakegate(Path workDir) throws Exception {
        Path warehouse = Files.createDirectories(workDir.resolve("warehouse"));
        Path logFile = logsDir().resolve("lakegate.log");
        LakegateDistribution distribution = LakegateDistribution.layout(
                        Path.of(System.getProperty("lakegate.gateway.dist")))
                .requireLaidOut(HOW_TO_BUILD);
        LakegateProcess process = LakegateProcess.start(new LakegateProcess.Launch(
                distribution,
                workDir,
                logFile,
                JVM_FLAGS,
                "INFO",
                List.of(
                        "--grpc-port",
                        "-1",
                        "--warehouse",
                        warehouse.toUri().toString(),
                        "--data",
                        workDir.resolve("data").toString())));
        return new EngineMetastore("Lakegate", process.port(), warehouse, logFile, process);
    }

    /** The real HMS of the engine's release (4.0.1) on Derby, from its binary distribution. */
    static EngineMetastore realHms(Path workDir) throws Exception {
        HmsServer server = HmsServer.in(
                        Path.of(System.getProperty("lakegate.hms.servers.dir")),
                        System.getProperty("lakegate.hms.server"))
                .requireLaidOut("mvn generate-test-resources -pl engine-tests/hive lays it out");
        Path logFile = logsDir().resolve("hms-" + server.version() + ".log");
        HmsProcess process = HmsProcess.start(new HmsProcess.Launch(
                server,
                workDir,
                logFile,
                HMS_JVM_FLAGS,
                new MetastoreDatabase.Derby(true),
                "INFO",
                Map.of(
                        "hive.metastore.event.db.notification.api.auth",
                        "false",
                        // what Hive's own distribution runs its metastore with (hive-exec in extra-lib/): the
                        // reader of the engine's partition expressions (get_partitions_by_expr)
                        "metastore.expression.proxy",
                        "org.apache.hadoop.hive.ql.optimizer.ppr.PartitionExpressionForMetastore")));
        return new EngineMetastore("HMS " + server.version(), process.port(), process.warehouseDir(), logFile, process);
    }

    static Path logsDir() throws java.io.IOException {
        return Files.createDirectories(Path.of(System.getProperty("lakegate.engine.logs.dir")));
    }

    /** Stops the metastore's JVM. */
    void close() throws Exception {
        process.close();
    }
}

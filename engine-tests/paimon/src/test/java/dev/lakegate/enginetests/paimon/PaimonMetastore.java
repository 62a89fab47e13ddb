package dev.lakegate.enginetests.paimon;

import dev.lakegate.realhms.HmsProcess;
import dev.lakegate.realhms.HmsServer;
import dev.lakegate.realhms.LakegateDistribution;
import dev.lakegate.realhms.LakegateProcess;
import dev.lakegate.realhms.Loopback;
import dev.lakegate.realhms.MetastoreDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The metastore Paimon's HiveCatalog talks to, in a child JVM: a Lakegate gateway, or the reference, a real HMS
 * 3.1.3. The catalog's {@code warehouse} is the metastore's. Not AutoCloseable: a child JVM's close may be
 * interrupted, which try-with-resources would warn about.
 */
record PaimonMetastore(String name, int port, Path warehouse, Path logFile, AutoCloseable process) {

    private static final String HOW_TO_BUILD =
            "build with the launcher: mvn package -pl launcher,engine-tests/paimon -am";
    /** Small and quick to start: one catalog's calls, and the test JVM shares the 2 cores. */
    private static final List<String> JVM_FLAGS =
            List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.net.preferIPv4Stack=true");

    /** {@code lakegate serve} of this tree's launcher, its catalog in H2 under {@code workDir}, no gRPC. */
    static PaimonMetastore lakegate(Path workDir) throws Exception {
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
                        "--grpc-host",
                        Loopback.HOST,
                        "--grpc-port",
                        "-1",
                        "--warehouse",
                        warehouse.toUri().toString(),
                        "--data",
                        workDir.resolve("data").toString())));
        return new PaimonMetastore("Lakegate", process.port(), warehouse, logFile, process);
    }

    /** Apache HMS 3.1.3 from its binary distribution, on Derby: the release whose client Paimon runs on here. */
    static PaimonMetastore realHms(Path workDir) throws Exception {
        HmsServer server = HmsServer.in(
                        Path.of(System.getProperty("lakegate.hms.servers.dir")),
                        System.getProperty("lakegate.hms.server"))
                .requireLaidOut("mvn generate-test-resources -pl engine-tests/paimon lays it out");
        Path logFile = logsDir().resolve("hms-" + server.version() + ".log");
        HmsProcess process = HmsProcess.start(new HmsProcess.Launch(
                server, workDir, logFile, JVM_FLAGS, new MetastoreDatabase.Derby(true), "INFO", Map.of()));
        return new PaimonMetastore("HMS " + server.version(), process.port(), process.warehouseDir(), logFile, process);
    }

    /** {@code thrift://127.0.0.1:<port>}, the value of {@code hive.metastore.uris}. */
    String thriftUri() {
        return "thrift://" + Loopback.HOST + ":" + port;
    }

    static Path logsDir() throws IOException {
        return Files.createDirectories(Path.of(System.getProperty("lakegate.engine.logs.dir")));
    }

    /** Stops the metastore's JVM. */
    void close() throws Exception {
        process.close();
    }
}

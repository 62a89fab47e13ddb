package dev.lakegate.enginetests.flink;

import dev.lakegate.realhms.HmsProcess;
import dev.lakegate.realhms.HmsServer;
import dev.lakegate.realhms.LakegateDistribution;
import dev.lakegate.realhms.LakegateProcess;
import dev.lakegate.realhms.Loopback;
import dev.lakegate.realhms.MetastoreDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A metastore in a child JVM that Flink's HiveCatalog is pointed at: a Lakegate gateway, or the reference,
 * a real Apache HMS 3.1.3. Either listens on {@link Loopback#HOST} at {@code port}.
 */
record Metastore(int port, AutoCloseable process) implements AutoCloseable {

    static final String REFERENCE_VERSION = "3.1.3";

    /** Small and quick to start: one engine's calls, and the test JVM (up to 1 GB) shares the 2 cores. */
    private static final List<String> CHILD_JVM_FLAGS =
            List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.net.preferIPv4Stack=true");

    /** {@code lakegate serve} of this tree's launcher, its catalog on H2 and its warehouse in {@code workDir}. */
    static Metastore lakegate(Path workDir) throws Exception {
        LakegateDistribution distribution = gatewayOfThisBuild();
        Path warehouse = Files.createDirectories(workDir.resolve("warehouse"));
        List<String> arguments = List.of(
                "--grpc-host",
                Loopback.HOST,
                "--grpc-port",
                "-1",
                "--warehouse",
                warehouse.toUri().toString(),
                "--data",
                workDir.resolve("data").toString());
        Path log = EngineTestDirs.logsDir().resolve("lakegate-" + workDir.getFileName() + ".log");
        LakegateProcess process = LakegateProcess.start(
                new LakegateProcess.Launch(distribution, workDir, log, CHILD_JVM_FLAGS, "WARN", arguments));
        return new Metastore(process.port(), process);
    }

    /** Apache HMS 3.1.3 from its binary distribution, on Derby, its warehouse in {@code workDir}. */
    static Metastore realHms(Path workDir) throws Exception {
        HmsServer server = referenceOfThisBuild();
        Path log = EngineTestDirs.logsDir().resolve("hms-" + workDir.getFileName() + ".log");
        HmsProcess process = HmsProcess.start(new HmsProcess.Launch(
                server, workDir, log, CHILD_JVM_FLAGS, new MetastoreDatabase.Derby(true), "WARN", Map.of()));
        return new Metastore(process.port(), process);
    }

    /** The launcher's layout this module's build copied ({@code lakegate.gateway.dist}). */
    static LakegateDistribution gatewayOfThisBuild() {
        String dist = System.getProperty("lakegate.gateway.dist", "target/lakegate-lib");
        return LakegateDistribution.layout(Path.of(dist))
                .requireLaidOut("build the launcher first: mvn package -DskipTests -pl launcher -am");
    }

    /** The real HMS 3.1.3 this module's build laid out. */
    static HmsServer referenceOfThisBuild() {
        return HmsServer.in(EngineTestDirs.serversDir(), REFERENCE_VERSION)
                .requireLaidOut("run the module's build up to generate-test-resources");
    }

    /** The child JVMs' flags followed by {@code more} (a realm's, for instance). */
    static List<String> childJvmFlags(List<String> more) {
        return java.util.stream.Stream.concat(CHILD_JVM_FLAGS.stream(), more.stream())
                .toList();
    }

    /** {@code thrift://127.0.0.1:<port>}, the value of {@code hive.metastore.uris}. */
    String thriftUri() {
        return "thrift://" + Loopback.HOST + ":" + port;
    }

    @Override
    public void close() throws Exception {
        process.close();
    }
}

package dev.lakegate.bench.thrift;

import dev.lakegate.realhms.HmsProcess;
import dev.lakegate.realhms.HmsServer;
import dev.lakegate.realhms.LakegateDistribution;
import dev.lakegate.realhms.LakegateProcess;
import dev.lakegate.realhms.MetastoreDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The two servers under test, each in a child JVM with the same flags and root log level, from what the build
 * laid out beside the benchmark's jar.
 */
final class ThriftServers {

    private static final String HOW_TO_BUILD = "run mvn -B -q install -DskipTests at the root first";

    /** A started HMS, and how long its schema tool ran before it. */
    record Hms(Server server, long schemaMillis) {}

    private ThriftServers() {}

    /**
     * HMS 4.x from its laid-out distribution, the schema made by its own schema tool, on embedded Derby in
     * {@code workDir} or on the PostgreSQL database {@code postgres} names (user postgres, trust). The
     * configuration is the one conformance-tests runs its reference with, less the notification listener
     * (4.0.x has none) and its thread-pool limits: the server keeps its own defaults (200–1000 worker threads,
     * direct SQL on, no caches beyond DataNucleus's defaults).
     */
    static Hms hms(ThriftOptions options, Path workDir, Optional<String> postgres) throws Exception {
        HmsServer release = new HmsServer(BuildInfo.hmsVersion(), options.hmsHome(), options.hadoopLib())
                .requireLaidOut(HOW_TO_BUILD);
        MetastoreDatabase database = postgres.<MetastoreDatabase>map(
                        url -> new MetastoreDatabase.Postgres(url, "postgres", ""))
                .orElse(new MetastoreDatabase.Derby(false));
        String warehouse =
                Files.createDirectories(workDir.resolve("warehouse")).toUri().toString();
        HmsProcess hms = HmsProcess.start(new HmsProcess.Launch(
                release,
                workDir,
                workDir.resolve("hms.log"),
                options.serverJvm(),
                database,
                options.serverLogLevel(),
                Map.of("metastore.warehouse.dir", warehouse, "metastore.warehouse.external.dir", warehouse)));
        String description = "Apache Hive Metastore " + release.version() + " (standalone, " + database.label() + ")";
        return new Hms(new Server("HMS", description, hms.port(), hms.jvm(), hms.serverMillis()), hms.schemaMillis());
    }

    /**
     * The gateway as {@code ./lakegate serve} runs it: {@code serve --thrift-port 0 --grpc-port -1 --data <dir>},
     * the embedded catalog on H2 in {@code workDir} (or on the PostgreSQL database {@code postgres} names),
     * served in-process only, the warehouse below it. Its classpath is the launcher jar and its runtime
     * dependencies as the build copied them into {@code benchmarks/target/lakegate-lib}.
     */
    static Server lakegate(ThriftOptions options, Path workDir, Optional<String> postgres) throws Exception {
        List<String> arguments = new ArrayList<>(
                List.of("--grpc-port", "-1", "--data", workDir.resolve("data").toString()));
        postgres.ifPresent(url -> arguments.addAll(List.of("--jdbc-url", url, "--jdbc-user", "postgres")));
        LakegateProcess lakegate = LakegateProcess.start(new LakegateProcess.Launch(
                LakegateDistribution.flat(options.lakegateLib(), HOW_TO_BUILD + ", or pass --lakegate-lib"),
                workDir,
                workDir.resolve("lakegate.log"),
                options.serverJvm(),
                options.serverLogLevel(),
                arguments));
        String description = "Lakegate gateway (`lakegate serve`, embedded catalog on "
                + (postgres.isPresent() ? "PostgreSQL" : "H2") + ", in-process)";
        return new Server("Lakegate", description, lakegate.port(), lakegate.jvm(), lakegate.startMillis());
    }
}

package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The metastore the engine talks to, in a child JVM: a Lakegate gateway, or the real HMS as the reference. */
final class HiveMetastores {

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

    private HiveMetastores() {}

    /** {@code lakegate serve} of this tree's launcher, its catalog in H2 under {@code workDir}, no gRPC. */
    static EngineMetastore lakegate(Path workDir) throws Exception {
        return EngineMetastore.lakegateOfThisBuild(workDir, HOW_TO_BUILD, JVM_FLAGS);
    }

    /** The gateway also started with {@code jvmFlags} and {@code serveArguments} (security settings). */
    static EngineMetastore lakegate(Path workDir, List<String> jvmFlags, List<String> serveArguments) throws Exception {
        return EngineMetastore.lakegateOfThisBuild(workDir, HOW_TO_BUILD, concat(JVM_FLAGS, jvmFlags), serveArguments);
    }

    /** The real HMS of the engine's release (4.0.1) on Derby, from its binary distribution. */
    static EngineMetastore realHms(Path workDir) throws Exception {
        return realHms(workDir, List.of(), Map.of());
    }

    /** The same HMS also run with {@code jvmFlags} and {@code site} in its site files (security settings). */
    static EngineMetastore realHms(Path workDir, List<String> jvmFlags, Map<String, String> site) throws Exception {
        Map<String, String> settings = new LinkedHashMap<>(Map.of(
                "hive.metastore.event.db.notification.api.auth",
                "false",
                // what Hive's own distribution runs its metastore with (hive-exec in extra-lib/): the
                // reader of the engine's partition expressions (get_partitions_by_expr)
                "metastore.expression.proxy",
                "org.apache.hadoop.hive.ql.optimizer.ppr.PartitionExpressionForMetastore"));
        settings.putAll(site);
        return EngineMetastore.realHmsOfThisBuild(
                workDir,
                "mvn generate-test-resources -pl engine-tests/hive lays it out",
                concat(HMS_JVM_FLAGS, jvmFlags),
                settings);
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    static Path logsDir() throws java.io.IOException {
        return EngineMetastore.logsDir();
    }
}

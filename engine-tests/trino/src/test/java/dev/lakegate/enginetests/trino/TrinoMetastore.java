package dev.lakegate.enginetests.trino;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The metastore Trino's catalogs talk to, in a child JVM: a Lakegate gateway, or the reference, a real HMS 3.1.3. */
final class TrinoMetastore {

    private static final String HOW_TO_BUILD =
            "build with the launcher: mvn package -pl launcher,engine-tests/trino -am";
    /** Small and quick to start: Trino's JVM (768 MB) and this one share the 2 cores. */
    private static final List<String> JVM_FLAGS =
            List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.net.preferIPv4Stack=true");

    private TrinoMetastore() {}

    /** {@code lakegate serve} of this tree's launcher, its catalog in H2 under {@code workDir}, no gRPC. */
    static EngineMetastore lakegate(Path workDir) throws Exception {
        return EngineMetastore.lakegateOfThisBuild(workDir, HOW_TO_BUILD, JVM_FLAGS);
    }

    /** The gateway also started with {@code jvmFlags} and {@code serveArguments} (security settings). */
    static EngineMetastore lakegate(Path workDir, List<String> jvmFlags, List<String> serveArguments) throws Exception {
        return EngineMetastore.lakegateOfThisBuild(workDir, HOW_TO_BUILD, concat(JVM_FLAGS, jvmFlags), serveArguments);
    }

    /** Apache HMS 3.1.3 from its binary distribution, on Derby. */
    static EngineMetastore realHms(Path workDir) throws Exception {
        return realHms(workDir, List.of(), Map.of());
    }

    /** The same HMS also run with {@code jvmFlags} and {@code site} in its site files (security settings). */
    static EngineMetastore realHms(Path workDir, List<String> jvmFlags, Map<String, String> site) throws Exception {
        return EngineMetastore.realHmsOfThisBuild(
                workDir,
                "mvn generate-test-resources -pl engine-tests/trino lays it out",
                concat(JVM_FLAGS, jvmFlags),
                site);
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return Stream.concat(first.stream(), second.stream()).toList();
    }
}

package dev.lakegate.enginetests.paimon;

import dev.lakegate.realhms.EngineMetastore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The metastore Paimon's HiveCatalog talks to, in a child JVM: a Lakegate gateway, or the reference, a real HMS
 * 3.1.3.
 */
final class PaimonMetastore {

    private static final String HOW_TO_BUILD =
            "build with the launcher: mvn package -pl launcher,engine-tests/paimon -am";
    /** Small and quick to start: one catalog's calls, and the test JVM shares the 2 cores. */
    private static final List<String> JVM_FLAGS =
            List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.net.preferIPv4Stack=true");

    private PaimonMetastore() {}

    /** {@code lakegate serve} of this tree's launcher, its catalog in H2 under {@code workDir}, no gRPC. */
    static EngineMetastore lakegate(Path workDir) throws Exception {
        return EngineMetastore.lakegateOfThisBuild(workDir, HOW_TO_BUILD, JVM_FLAGS);
    }

    /** Apache HMS 3.1.3 from its binary distribution, on Derby: the release whose client Paimon runs on here. */
    static EngineMetastore realHms(Path workDir) throws Exception {
        return EngineMetastore.realHmsOfThisBuild(
                workDir, "mvn generate-test-resources -pl engine-tests/paimon lays it out", JVM_FLAGS, Map.of());
    }

    static Path logsDir() throws IOException {
        return EngineMetastore.logsDir();
    }
}

package dev.lakegate.enginetests.flink;

import java.nio.file.Path;

/** Where the build laid out the servers and where their logs go, as the pom tells the test JVM. */
final class EngineTestDirs {

    private EngineTestDirs() {}

    static Path serversDir() {
        return Path.of(System.getProperty("lakegate.hms.servers.dir", "target"));
    }

    static Path logsDir() {
        return Path.of(System.getProperty("lakegate.hms.logs.dir", "target/hms-logs"));
    }
}

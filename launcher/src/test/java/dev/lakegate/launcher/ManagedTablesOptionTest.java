package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.hms.handler.tables.ManagedTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code lakegate serve --managed-tables}: by-client unless set, from a flag, the environment or the file. */
class ManagedTablesOptionTest {

    @TempDir
    Path dir;

    private static ManagedTables managedTables(Map<String, String> environment, String... args) {
        CommandLine line = Lakegate.commandLine(args, environment);
        CommandLine.ParseResult result = line.parseArgs(args);
        return ((ServeCommand) result.subcommand().commandSpec().userObject()).managedTables;
    }

    @Test
    void byClientUnlessSet() {
        assertThat(managedTables(Map.of(), "serve")).isEqualTo(ManagedTables.BY_CLIENT);
    }

    @Test
    void aFlagTheEnvironmentOrTheFileSetsIt() throws Exception {
        assertThat(managedTables(Map.of(), "serve", "--managed-tables", "external"))
                .isEqualTo(ManagedTables.EXTERNAL);
        assertThat(managedTables(Map.of("LAKEGATE_MANAGED_TABLES", "managed"), "serve"))
                .isEqualTo(ManagedTables.MANAGED);
        Path config = dir.resolve("lakegate.properties");
        Files.writeString(config, "managed-tables = external\n");
        assertThat(managedTables(Map.of(), "serve", "--config", config.toString()))
                .isEqualTo(ManagedTables.EXTERNAL);
    }

    @Test
    void anUnknownValueIsRefusedAtStartupNamingTheKnownOnes() {
        CommandRun run = CommandRun.of("serve", "--grpc-port", "-1", "--thrift-port", "0", "--managed-tables", "hive4");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("unknown managed-tables setting 'hive4': one of by-client, external, managed");
        assertThat(run.out()).doesNotContain("listening");
    }
}

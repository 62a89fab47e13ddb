package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.hms.handler.limits.Limit;
import dev.lakegate.hms.handler.limits.Limits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code lakegate serve --limit NAME=VALUE}: repeatable, from the environment and the file, refused if unknown. */
class LimitOptionTest {

    @TempDir
    Path dir;

    private static Limits limits(Map<String, String> environment, String... args) {
        CommandLine line = Lakegate.commandLine(args, environment);
        CommandLine.ParseResult result = line.parseArgs(args);
        return ((ServeCommand) result.subcommand().commandSpec().userObject()).callLimits();
    }

    @Test
    void noLimitGivenIsEveryDefault() {
        Limits limits = limits(Map.of(), "serve");
        for (Limit limit : Limit.values()) {
            assertThat(limits.get(limit)).isEqualTo(limit.defaultValue());
        }
        assertThat(limits.get(Limit.PARTITIONS_PER_CALL)).isEqualTo(10_000);
        assertThat(limits.get(Limit.PARAMETER_VALUE_LENGTH)).isEqualTo(1_048_576);
    }

    @Test
    void flagsRepeatAndChangeOnlyWhatTheyName() {
        Limits limits = limits(
                Map.of(),
                "serve",
                "--limit",
                "name-length=200",
                "--limit",
                "partitions-per-call=500",
                "--limit",
                "filter-depth=50");
        assertThat(limits.get(Limit.NAME_LENGTH)).isEqualTo(200);
        assertThat(limits.get(Limit.PARTITIONS_PER_CALL)).isEqualTo(500);
        assertThat(limits.filters().maxDepth()).isEqualTo(50);
        assertThat(limits.get(Limit.COLUMNS)).isEqualTo(Limit.COLUMNS.defaultValue());
    }

    @Test
    void theEnvironmentAndTheFileGiveCommaSeparatedLists() throws Exception {
        Limits fromEnvironment = limits(Map.of("LAKEGATE_LIMIT", "columns=10,parameters=20"), "serve");
        assertThat(fromEnvironment.get(Limit.COLUMNS)).isEqualTo(10);
        assertThat(fromEnvironment.get(Limit.PARAMETERS)).isEqualTo(20);
        Path config = dir.resolve("lakegate.properties");
        Files.writeString(config, "limit = description-length=8000\n");
        Limits fromFile = limits(Map.of(), "serve", "--config", config.toString());
        assertThat(fromFile.get(Limit.DESCRIPTION_LENGTH)).isEqualTo(8_000);
    }

    @Test
    void anUnknownLimitIsRefusedAtStartupNamingTheKnownOnes() {
        CommandRun run = CommandRun.of("serve", "--grpc-port", "-1", "--thrift-port", "0", "--limit", "name-lenght=5");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err())
                .contains(
                        "Invalid --limit: unknown limit 'name-lenght'; the limits are name-length, column-name-length")
                .doesNotContain("listening");
        assertThat(run.out()).doesNotContain("listening");
    }

    @Test
    void aValueOutOfItsRangeIsRefused() {
        CommandRun aboveTheCatalog = CommandRun.of("serve", "--limit", "partitions-per-call=10001");
        assertThat(aboveTheCatalog.exit()).isEqualTo(2);
        assertThat(aboveTheCatalog.err())
                .contains("Invalid --limit: limit partitions-per-call must be between 1 and 10000, not 10001");
        CommandRun notANumber = CommandRun.of("serve", "--limit", "columns=many");
        assertThat(notANumber.exit()).isEqualTo(2);
        assertThat(notANumber.err()).contains("limit columns must be a whole number, not 'many'");
        CommandRun noValue = CommandRun.of("serve", "--limit", "columns");
        assertThat(noValue.exit()).isEqualTo(2);
    }
}

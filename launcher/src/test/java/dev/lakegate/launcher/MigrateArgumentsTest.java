package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code lakegate migrate} with arguments it refuses before it reaches any metastore. */
class MigrateArgumentsTest {

    @Test
    void aLegacyAddressThatIsNotThriftIsRefused() {
        CommandRun run = CommandRun.of("migrate", "plan", "--legacy", "http://127.0.0.1:9083");
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        assertThat(run.err())
                .isEqualTo("lakegate migrate: expected --legacy thrift://host:port, got " + "http://127.0.0.1:9083"
                        + System.lineSeparator());
    }

    @Test
    void theStepIsRequired() {
        CommandRun run = CommandRun.of("migrate", "--legacy", "thrift://127.0.0.1:9083");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("Missing required parameter: 'STEP'");
    }
}

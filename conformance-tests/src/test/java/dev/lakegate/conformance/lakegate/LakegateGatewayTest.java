package dev.lakegate.conformance.lakegate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.Targets;
import dev.lakegate.realhms.LakegateProcess;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The harness itself: the gateway starts from the launcher's layout, answers the hand-written probe, and says how. */
class LakegateGatewayTest {

    @Test
    void gatewayAnswersThrift() throws Exception {
        LakegateGateway lakegate = Targets.lakegate();
        assertThat(lakegate.isRunning()).isTrue();
        assertThat(lakegate.thriftUri().toString()).startsWith("thrift://127.0.0.1:");
        assertThat(LakegateProcess.answersThrift(lakegate.thriftUri().getPort()))
                .matches("get_all_databases: \\[.*default.*\\]"
                        + "|TApplicationException from get_all_databases: Invalid method name.*");
        assertThat(Files.isDirectory(lakegate.warehouseDir())).isTrue();
        assertThat(lakegate.serverMillis()).isPositive();
    }
}

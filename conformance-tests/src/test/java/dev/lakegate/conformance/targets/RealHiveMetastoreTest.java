package dev.lakegate.conformance.targets;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.realhms.ThriftProbe;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The harness itself: the reference metastore starts, answers the hand-written probe, and says how. */
class RealHiveMetastoreTest {

    @Test
    void referenceMetastoreAnswersThrift() throws Exception {
        RealHiveMetastore hms = Targets.realHms();
        assertThat(hms.isRunning()).isTrue();
        assertThat(hms.thriftUri().toString()).startsWith("thrift://127.0.0.1:");
        assertThat(ThriftProbe.getAllDatabases(
                        RealHiveMetastore.HOST, hms.thriftUri().getPort(), 10_000))
                .contains("default");
        assertThat(Files.isDirectory(hms.warehouseDir())).isTrue();
        assertThat(hms.schemaMillis()).isGreaterThanOrEqualTo(0);
        assertThat(hms.serverMillis()).isPositive();
    }
}

package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.PartitionEventType;
import org.junit.jupiter.api.Test;

/**
 * Partition events: HCatalog marks a partition's load as done ({@code markPartitionForEvent}) and its
 * readers ask whether it is ({@code isPartitionMarkedForEvent}). The partition need not exist; its values
 * must name the table's keys.
 */
public abstract class PartitionEventScenarios extends ScenarioSupport {

    private String partitioned(String base) throws Exception {
        String db = newDatabase(base);
        succeeded(creating(
                table(db, "loads", new FieldSchema("dt", "string", null), new FieldSchema("hr", "string", null))));
        return db;
    }

    private Outcome mark(String db, String table, Map<String, String> values) {
        return outcome(c -> {
            c.markPartitionForEvent(db, table, values, PartitionEventType.LOAD_DONE);
            return null;
        });
    }

    private Outcome isMarked(String db, String table, Map<String, String> values) {
        return outcome(c -> c.isPartitionMarkedForEvent(db, table, values, PartitionEventType.LOAD_DONE));
    }

    @Test
    void aMarkedPartitionIsMarkedAndAnotherIsNot() throws Exception {
        String db = partitioned("Marks");
        succeeded(mark(db, "loads", Map.of("dt", "2024-01-01", "hr", "00")));
        assertThat(isMarked(db, "loads", Map.of("hr", "00", "dt", "2024-01-01")).value())
                .isEqualTo(true);
        assertThat(isMarked(db, "loads", Map.of("dt", "2024-01-01", "hr", "01")).value())
                .isEqualTo(false);
    }

    @Test
    void markingTwiceKeepsItMarked() throws Exception {
        String db = partitioned("MarksTwice");
        succeeded(mark(db, "loads", Map.of("dt", "2024-01-02", "hr", "00")));
        succeeded(mark(db, "loads", Map.of("dt", "2024-01-02", "hr", "00")));
        assertThat(isMarked(db, "loads", Map.of("dt", "2024-01-02", "hr", "00")).value())
                .isEqualTo(true);
    }

    @Test
    void aTableThatDoesNotExistIsUnknown() throws Exception {
        String db = newDatabase("MarksNoTable");
        assertThat(mark(db, "none", Map.of("dt", "x")).exceptionType()).isEqualTo("UnknownTableException");
        assertThat(isMarked(db, "none", Map.of("dt", "x")).exceptionType()).isEqualTo("UnknownTableException");
    }

    @Test
    void valuesThatDoNotNameTheKeysAreAnInvalidPartition() throws Exception {
        String db = partitioned("MarksBadValues");
        assertThat(mark(db, "loads", Map.of("dt", "2024-01-01")).exceptionType())
                .isEqualTo("InvalidPartitionException");
        assertThat(mark(db, "loads", Map.of("dt", "2024-01-01", "minute", "00")).exceptionType())
                .isEqualTo("InvalidPartitionException");
        assertThat(isMarked(db, "loads", Map.of("dt", "2024-01-01")).exceptionType())
                .isEqualTo("InvalidPartitionException");
    }
}

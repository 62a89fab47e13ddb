package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.PartitionValuesRequest;
import org.apache.hadoop.hive.metastore.api.PartitionValuesResponse;
import org.apache.hadoop.hive.metastore.api.PartitionValuesRow;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * get_partition_values (Hive 3+): the values of some partition keys of a table's partitions,
 * distinct or not, at most maxParts rows; with a filter, every key's values of the partitions the
 * filter selects, by name ascending or descending.
 */
public abstract class PartitionValueScenarios extends ScenarioSupport {

    private static final FieldSchema DS = new FieldSchema("ds", "string", null);
    private static final FieldSchema HR = new FieldSchema("hr", "int", null);

    private String db;

    @BeforeEach
    void partitionedTable() throws Exception {
        db = newDatabase("values_db");
        client.createTable(table(db, "t", DS, HR));
        Table t = client.getTable(db, "t");
        client.add_partitions(new ArrayList<>(List.of(
                partition(t, "2024-01-01", "1"), partition(t, "2024-01-01", "2"), partition(t, "2024-01-02", "1"))));
    }

    private PartitionValuesRequest request(FieldSchema... keys) {
        return new PartitionValuesRequest(db, "t", new ArrayList<>(List.of(keys)));
    }

    private static List<List<String>> rows(PartitionValuesResponse response) {
        return response.getPartitionValues().stream()
                .map(PartitionValuesRow::getRow)
                .toList();
    }

    @Test
    void theDistinctValuesOfOneKey() throws Exception {
        assertThat(rows(client.listPartitionValues(request(DS))))
                .containsExactlyInAnyOrder(List.of("2024-01-01"), List.of("2024-01-02"));
    }

    @Test
    void theValuesOfTwoKeysWithoutDistinctAtMostMaxParts() throws Exception {
        PartitionValuesRequest request = request(DS, HR);
        request.setApplyDistinct(false);
        assertThat(rows(client.listPartitionValues(request)))
                .containsExactlyInAnyOrder(
                        List.of("2024-01-01", "1"), List.of("2024-01-01", "2"), List.of("2024-01-02", "1"));
        request.setMaxParts(2);
        assertThat(rows(client.listPartitionValues(request))).hasSize(2);
    }

    @Test
    void theValuesOfOneKeyNotDistinct() throws Exception {
        PartitionValuesRequest request = request(HR);
        request.setApplyDistinct(false);
        assertThat(rows(client.listPartitionValues(request)))
                .containsExactlyInAnyOrder(List.of("1"), List.of("2"), List.of("1"));
    }

    @Test
    void aFilterSelectsPartitionsAndAnswersEveryKeyByNameDescending() throws Exception {
        PartitionValuesRequest request = request(DS);
        request.setFilter("hr = 1");
        request.setAscending(false);
        request.setPartitionOrder(new ArrayList<>(List.of(DS)));
        assertThat(rows(client.listPartitionValues(request)))
                .containsExactly(List.of("2024-01-02", "1"), List.of("2024-01-01", "1"));
        request.setAscending(true);
        assertThat(rows(client.listPartitionValues(request)))
                .containsExactly(List.of("2024-01-01", "1"), List.of("2024-01-02", "1"));
    }

    @Test
    void theCatalogMayBeNamed() throws Exception {
        PartitionValuesRequest request = request(DS);
        request.setCatName("hive");
        assertThat(rows(client.listPartitionValues(request))).hasSize(2);
    }

    /**
     * HMS cuts each value out of the partition's name by the key's place; a key the table does not have
     * cuts between the positions its searches give (here after the fifth character, up to the first
     * {@code /}).
     */
    @Test
    void aKeyTheTableDoesNotHaveCutsTheName() throws Exception {
        assertThat(rows(client.listPartitionValues(request(new FieldSchema("nope", "string", null)))))
                .containsExactlyInAnyOrder(List.of("24-01-01"), List.of("24-01-02"));
    }

    @Test
    void aValueComesBackEscapedAsInTheName() throws Exception {
        Table t = client.getTable(db, "t");
        client.add_partition(partition(t, "a/b", "3"));
        PartitionValuesRequest request = request(DS);
        assertThat(rows(client.listPartitionValues(request))).contains(List.of("a%2Fb"));
    }

    /** A MetaException on both (HMS's carries its own NullPointerException: Deviation NO_INTERNAL_FAULTS). */
    @Test
    void aMissingTableIsAMetaException() {
        PartitionValuesRequest request = request(DS);
        request.setTblName("ghost");
        Outcome outcome = outcome(c -> c.listPartitionValues(request));
        assertThat(outcome.exceptionType()).as(outcome.toString()).isEqualTo("MetaException");
    }

    /** HMS fails with an internal error; Lakegate with a MetaException (Deviation NO_INTERNAL_FAULTS). */
    @Test
    void noKeysIsAnError() {
        Outcome outcome = outcome(c -> c.listPartitionValues(request()));
        assertThat(outcome.failed()).as(outcome.toString()).isTrue();
    }
}

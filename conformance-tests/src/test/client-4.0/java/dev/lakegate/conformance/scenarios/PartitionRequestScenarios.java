package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByNamesRequest;
import org.apache.hadoop.hive.metastore.api.PartitionsByExprRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The request forms of Hive 4: get_partitions_by_names_req with each field set or not, and
 * get_partition_names_req with the empty expression (one byte, -1: no filter) that Hive 4's engine
 * sends for SHOW PARTITIONS with an ORDER BY or a LIMIT and no WHERE. Sent as the client's Thrift
 * stub sends them, with fields the client would fill left as the scenario sets them.
 */
public abstract class PartitionRequestScenarios extends ScenarioSupport {

    private static final byte[] NO_FILTER = {-1};

    private String db;

    @BeforeEach
    void partitionedTable() throws Exception {
        db = newDatabase("requests_db");
        client.createTable(table(db, "t", new FieldSchema("ds", "string", null), new FieldSchema("hr", "int", null)));
        Table t = client.getTable(db, "t");
        client.add_partitions(new ArrayList<>(List.of(
                partition(t, "a", "2"), partition(t, "a", "10"), partition(t, "b", "1"), partition(t, "c", "3"))));
    }

    private GetPartitionsByNamesRequest byNames(List<String> names) {
        GetPartitionsByNamesRequest request = new GetPartitionsByNamesRequest(db, "t");
        if (names != null) {
            request.setNames(new ArrayList<>(names));
        }
        return request;
    }

    private Outcome byNames(String label, GetPartitionsByNamesRequest request) {
        return rawOutcome(label, c -> c.get_partitions_by_names_req(request));
    }

    @Test
    void partitionsByNames() throws Exception {
        Outcome outcome = byNames("by names", byNames(List.of("ds=a/hr=2", "ds=b/hr=1", "ds=z/hr=0")));
        assertThat(outcome.failed()).as(outcome.toString()).isFalse();
    }

    /** HMS fails on its own NullPointerException here (Deviation NO_INTERNAL_FAULTS words Lakegate's). */
    @Test
    void partitionsByNamesWithoutNamesIsAMetaException() {
        Outcome outcome = byNames("by names, names unset", byNames(null));
        assertThat(outcome.exceptionType()).as(outcome.toString()).isEqualTo("MetaException");
    }

    @Test
    void partitionsByNamesWithNoNames() {
        Outcome outcome = byNames("by names, no names", byNames(List.of()));
        assertThat(outcome.value()).isEqualTo(java.util.Map.of("partitions", List.of()));
    }

    @Test
    void partitionsByNamesWithStatisticsAndNoEngine() {
        GetPartitionsByNamesRequest request = byNames(List.of("ds=a/hr=2"));
        request.setGet_col_stats(true);
        Outcome outcome = byNames("by names, statistics without engine", request);
        assertThat(outcome.failed()).as(outcome.toString()).isFalse();
    }

    @Test
    void partitionsByNamesWithStatisticsOfAnEngine() {
        GetPartitionsByNamesRequest request = byNames(List.of("ds=a/hr=2"));
        request.setGet_col_stats(true);
        request.setEngine("hive");
        Outcome outcome = byNames("by names, statistics of hive", request);
        assertThat(outcome.failed()).as(outcome.toString()).isFalse();
    }

    @Test
    void partitionsByNamesOfACatalogPrefixedDatabase() {
        GetPartitionsByNamesRequest request = byNames(List.of("ds=a/hr=2"));
        request.setDb_name("@hive#" + db);
        Outcome outcome = byNames("by names, @hive#", request);
        assertThat(outcome.failed()).as(outcome.toString()).isFalse();
    }

    @Test
    void partitionsByNamesOfAMissingTable() {
        GetPartitionsByNamesRequest request = byNames(List.of("ds=a/hr=2"));
        request.setTbl_name("ghost");
        assertFails(
                byNames("by names, missing table", request),
                "InvalidObjectException",
                "hive." + db + ".ghost table not found");
    }

    private PartitionsByExprRequest names(byte[] expr) {
        return new PartitionsByExprRequest(db, "t", ByteBuffer.wrap(expr));
    }

    private Outcome names(String label, PartitionsByExprRequest request) {
        return rawOutcome(label, c -> c.get_partition_names_req(request));
    }

    @Test
    void partitionNamesWithoutAFilter() {
        Outcome outcome = names("names, no filter", names(NO_FILTER));
        assertThat(outcome.failed()).as(outcome.toString()).isFalse();
        assertThat(outcome.value()).isEqualTo(List.of("ds=a/hr=10", "ds=a/hr=2", "ds=b/hr=1", "ds=c/hr=3"));
    }

    @Test
    void partitionNamesAtMostMaxParts() {
        PartitionsByExprRequest request = names(NO_FILTER);
        request.setMaxParts((short) 2);
        Outcome outcome = names("names, max 2", request);
        assertThat(outcome.value()).isEqualTo(List.of("ds=a/hr=10", "ds=a/hr=2"));
    }

    /** Key positions, then a direction each; an integral key sorts as a number. */
    @Test
    void partitionNamesInAnOrder() {
        java.util.Map<String, List<String>> expected = new java.util.LinkedHashMap<>();
        expected.put("0,1:+-", List.of("ds=a/hr=10", "ds=a/hr=2", "ds=b/hr=1", "ds=c/hr=3"));
        expected.put("1:-", List.of("ds=a/hr=10", "ds=c/hr=3", "ds=a/hr=2", "ds=b/hr=1"));
        expected.put("1:+", List.of("ds=b/hr=1", "ds=a/hr=2", "ds=c/hr=3", "ds=a/hr=10"));
        expected.put("0,1:-+", List.of("ds=c/hr=3", "ds=b/hr=1", "ds=a/hr=2", "ds=a/hr=10"));
        expected.forEach((order, names) -> {
            PartitionsByExprRequest request = names(NO_FILTER);
            request.setOrder(order);
            Outcome outcome = names("names, order " + order, request);
            assertThat(outcome.value()).as(order + ": " + outcome).isEqualTo(names);
        });
    }

    @Test
    void partitionNamesOfACatalog() {
        PartitionsByExprRequest request = names(NO_FILTER);
        request.setCatName("hive");
        Outcome outcome = names("names, catalog hive", request);
        assertThat(outcome.value()).isEqualTo(List.of("ds=a/hr=10", "ds=a/hr=2", "ds=b/hr=1", "ds=c/hr=3"));
    }

    @Test
    void partitionNamesOfAMissingTable() {
        PartitionsByExprRequest request = names(NO_FILTER);
        request.setTblName("ghost");
        assertFails(
                names("names, missing table", request),
                "NoSuchObjectException",
                "Specified catalog.database.table does not exist : hive." + db + ".ghost");
    }

    /**
     * A serialized expression needs Hive's query classes to evaluate: the standalone HMS has none and fails
     * on any; Lakegate has them and fails on these bytes, which are no expression, with Hive's words
     * (Deviation.READS_EXPRESSIONS_AS_HIVE_S_HMS_DOES).
     */
    @Test
    void partitionNamesWithAnExpressionIsAMetaException() {
        assertFails(
                names("names, an expression", names(new byte[] {1, 2, 3})),
                "MetaException",
                "java.lang.UnsupportedOperationException");
    }
}

package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.handler.limits.Limits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.AlterPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByNamesRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionListComposingSpec;
import org.apache.hadoop.hive.metastore.api.PartitionSpec;
import org.apache.hadoop.hive.metastore.api.RequestPartsSpec;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The limits as {@code lakegate serve --limit} sets them, small enough to reach cheaply: every call that
 * carries partitions counts them against partitions-per-call, the counts of columns, keys, values and
 * parameters are bounded, and the filter limits are the translator's. Each refusal is the method's
 * MetaException naming the limit and leaves the table as it was.
 */
class SettableLimitsTest {

    private static final String PER_CALL =
            "the call carries more than 3 partitions; the limit partitions-per-call is 3";

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create()
            .limits(Limits.of(Map.of(
                    "partitions-per-call", "3",
                    "columns", "4",
                    "partition-keys", "2",
                    "partition-values", "2",
                    "parameters", "3",
                    "filter-length", "40",
                    "filter-depth", "2")));

    private static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void start() throws Exception {
        PartitionTestTables tables = new PartitionTestTables(gateway.catalog(), gateway.warehouse());
        tables.database("small");
        tables.table("small", "t", false, "ds string", "hr int");
        client = gateway.client("alice");
        client.add_partitions(List.of(
                partition("small", "t", null, "2024-01-01", "0"),
                partition("small", "t", null, "2024-01-01", "1"),
                partition("small", "t", null, "2024-01-01", "2")));
    }

    @Test
    void everyCallCarryingPartitionsIsBoundedByPartitionsPerCall() throws Exception {
        List<String> before = names();
        List<Partition> four = new ArrayList<>();
        for (int i = 10; i < 14; i++) {
            four.add(partition("small", "t", null, "2024-01-02", Integer.toString(i)));
        }
        refused(() -> client.add_partitions(four), PER_CALL);
        refused(() -> client.add_partitions_req(new AddPartitionsRequest("small", "t", four, false)), PER_CALL);
        PartitionSpec spec = new PartitionSpec();
        spec.setDbName("small");
        spec.setTableName("t");
        spec.setPartitionList(new PartitionListComposingSpec(four));
        refused(() -> client.add_partitions_pspec(List.of(spec)), PER_CALL);
        List<Partition> existing = client.get_partitions("small", "t", (short) -1);
        List<Partition> altered = new ArrayList<>();
        existing.forEach(partition -> altered.add(partition.deepCopy()));
        altered.add(existing.get(0).deepCopy());
        altered.forEach(partition -> partition.getParameters().put("altered", "yes"));
        refused(() -> client.alter_partitions("small", "t", altered), PER_CALL);
        refused(() -> client.alter_partitions_req(new AlterPartitionsRequest("small", "t", altered)), PER_CALL);
        List<String> fourNames = new ArrayList<>(before);
        fourNames.add("ds=2024-01-09/hr=9");
        refused(() -> client.get_partitions_by_names("small", "t", fourNames), PER_CALL);
        GetPartitionsByNamesRequest byNames = new GetPartitionsByNamesRequest("small", "t");
        byNames.setNames(fourNames);
        refused(() -> client.get_partitions_by_names_req(byNames), PER_CALL);
        DropPartitionsRequest drop = new DropPartitionsRequest("small", "t", RequestPartsSpec.names(fourNames));
        drop.setIfExists(true);
        refused(() -> client.drop_partitions_req(drop), PER_CALL);
        refused(() -> client.truncate_table("small", "t", fourNames), PER_CALL);
        List<ColumnStatistics> statistics = new ArrayList<>();
        for (String name : fourNames) {
            ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, "small", "t");
            desc.setPartName(name);
            statistics.add(new ColumnStatistics(desc, new ArrayList<>()));
        }
        refused(() -> client.set_aggr_stats_for(new SetPartitionsStatsRequest(statistics)), PER_CALL);
        assertThat(names()).isEqualTo(before);
        assertThat(client.get_partitions("small", "t", (short) -1)).isEqualTo(existing);
        // Three are one call: taken.
        assertThat(client.add_partitions(four.subList(0, 3))).isEqualTo(3);
        assertThat(client.drop_partitions_req(new DropPartitionsRequest(
                                "small",
                                "t",
                                RequestPartsSpec.names(
                                        List.of("ds=2024-01-02/hr=10", "ds=2024-01-02/hr=11", "ds=2024-01-02/hr=12"))))
                        .getPartitions())
                .hasSize(3);
        assertThat(names()).isEqualTo(before);
    }

    @Test
    void countsOfColumnsKeysValuesAndParametersAreBounded() throws Exception {
        Table wide = PartitionTestTables.unpartitioned("small", "wide");
        for (int i = 0; i < 3; i++) {
            wide.getSd().getCols().add(new FieldSchema("extra" + i, "int", null));
        }
        refused(
                () -> client.create_table(wide),
                "the columns of a table or partition number 5; the limit columns is 4");
        Table keyed = PartitionTestTables.unpartitioned("small", "keyed");
        keyed.setPartitionKeys(new ArrayList<>(List.of(
                new FieldSchema("a", "string", null),
                new FieldSchema("b", "string", null),
                new FieldSchema("c", "string", null))));
        refused(
                () -> client.create_table(keyed),
                "the partition keys of a table number 3; the limit partition-keys is 2");
        Table parameters = PartitionTestTables.unpartitioned("small", "parameters");
        parameters.setParameters(new HashMap<>(Map.of("a", "1", "b", "2", "c", "3", "d", "4")));
        refused(() -> client.create_table(parameters), "the parameters of a Table number 4; the limit parameters is 3");
        assertThat(client.get_all_tables("small")).containsExactly("t");
        Partition threeValues = partition("small", "t", null, "2024-01-03", "1", "x");
        refused(
                () -> client.add_partitions(List.of(threeValues)),
                "the values of a partition number 3; the limit partition-values is 2");
        assertThat(names()).hasSize(3);
    }

    @Test
    void filterLimitsAreTheSettings() throws Exception {
        String longFilter = "ds = '2024-01-01' and hr = 0 and hr = 0 and hr = 0";
        assertThatThrownBy(() -> client.get_partitions_by_filter("small", "t", longFilter, (short) -1))
                .isInstanceOf(MetaException.class)
                .hasMessage("Error parsing partition filter: the filter has " + longFilter.length()
                        + " characters, more than the limit filter-length of 40");
        assertThatThrownBy(() -> client.get_num_partitions_by_filter("small", "t", "(((hr = 0)))"))
                .isInstanceOf(MetaException.class)
                .hasMessage("Error parsing partition filter: brackets nest deeper than the limit filter-depth of 2"
                        + " levels");
        assertThat(client.get_num_partitions_by_filter("small", "t", "((hr = 0))"))
                .isEqualTo(1);
    }

    private static List<String> names() throws Exception {
        return client.get_partition_names("small", "t", (short) -1);
    }

    private static void refused(ThrowingCallable call, String message) {
        assertThatThrownBy(call).isInstanceOf(MetaException.class).hasMessageStartingWith(message);
    }
}

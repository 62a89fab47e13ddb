package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 18, case 4, over the wire: 10,000 brackets around a condition answered an internal error
 * (StackOverflowError), and a 10,000-term chain overflowed the stack inside H2 on a gRPC thread. Now
 * the first is a MetaException naming the limit, the second selects what it means, and the gateway
 * answers the next call on the same connection.
 */
class HostileFiltersTest {

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    private static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void start() throws Exception {
        PartitionTestTables tables = new PartitionTestTables(gateway.catalog(), gateway.warehouse());
        tables.database("hostile");
        tables.table("hostile", "t", false, "ds string", "hr int");
        client = gateway.client("alice");
        client.add_partitions(List.of(
                partition("hostile", "t", null, "2024-01-01", "0"),
                partition("hostile", "t", null, "2024-01-01", "1"),
                partition("hostile", "t", null, "2024-01-02", "1")));
    }

    @Test
    void tenThousandBracketsAreAMetaExceptionNamingTheLimit() throws Exception {
        String filter = brackets(10_000, "ds = '2024-01-01'");
        String message =
                "Error parsing partition filter: brackets nest deeper than the limit filter-depth of 1000 levels";
        assertThatThrownBy(() -> client.get_partitions_by_filter("hostile", "t", filter, (short) -1))
                .isInstanceOf(MetaException.class)
                .hasMessage(message);
        assertThatThrownBy(() -> client.get_num_partitions_by_filter("hostile", "t", filter))
                .isInstanceOf(MetaException.class)
                .hasMessage(message);
        assertThatThrownBy(() -> client.get_table_names_by_filter(
                        "hostile", brackets(10_000, "hive_filter_field_owner__ = 'alice'"), (short) -1))
                .isInstanceOf(MetaException.class)
                .hasMessage(message);
        assertThat(names(brackets(1_000, "ds = '2024-01-01'"))).containsExactly("2024-01-01/0", "2024-01-01/1");
    }

    @Test
    void tenThousandTermChainsSelectWhatTheyMean() throws Exception {
        String and = String.join(" AND ", Collections.nCopies(10_000, "hr = 1"));
        assertThat(names(and)).containsExactly("2024-01-01/1", "2024-01-02/1");
        assertThat(client.get_num_partitions_by_filter("hostile", "t", and)).isEqualTo(2);
        String or = IntStream.range(0, 10_000)
                .mapToObj(hour -> "hr = " + (hour + 2))
                .collect(Collectors.joining(" or ", "ds = '2024-01-02' or ", ""));
        assertThat(names(or)).containsExactly("2024-01-02/1");
        // As Spark writes a chain: every pair in brackets of its own.
        String nested = "hr = 0";
        for (int i = 0; i < 999; i++) {
            nested = "(" + nested + " and hr = 0)";
        }
        assertThat(names(nested)).containsExactly("2024-01-01/0");
    }

    @Test
    void andAndOrNestedDeeperThanTheCatalogTakesAreAMetaExceptionNamingTheLimit() throws Exception {
        String filter = "ds = '2024-01-01'";
        for (int level = 1; level <= 33; level++) {
            filter = (level % 2 == 0 ? "hr >= 0 and (" : "hr = 99 or (") + filter + ")";
        }
        String deep = filter;
        assertThatThrownBy(() -> client.get_partitions_by_filter("hostile", "t", deep, (short) -1))
                .isInstanceOf(MetaException.class)
                .hasMessage("Error parsing partition filter: AND and OR nest in one another 33 levels deep, "
                        + "more than the limit of 32");
        String within = deep.substring(deep.indexOf('(') + 1, deep.length() - 1);
        assertThat(names(within)).containsExactly("2024-01-01/0", "2024-01-01/1");
    }

    private static List<String> names(String filter) throws Exception {
        return client.get_partitions_by_filter("hostile", "t", filter, (short) -1).stream()
                .map(Partition::getValues)
                .map(values -> String.join("/", values))
                .toList();
    }

    private static String brackets(int depth, String filter) {
        return "(".repeat(depth) + filter + ")".repeat(depth);
    }
}

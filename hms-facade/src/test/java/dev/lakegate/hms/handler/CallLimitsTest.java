package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.CreateDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 18, cases 1 and 3, and the limits at their defaults over the wire: each call over a limit is the
 * method's MetaException naming the limit and its value, refused before any work (what it would have
 * changed reads back unchanged), and the connection answers the next call.
 */
class CallLimitsTest {

    /**
     * Case 1's parameter: 100,000,000 characters on a gateway of 1 GB. The test JVM has 512 MB for the
     * client and the gateway both, so it sends 8,000,000 (eight times the limit) unless told more with
     * {@code -Dlakegate.test.hugeParameter=100000000} and a larger heap.
     */
    private static final int HUGE_PARAMETER = Integer.getInteger("lakegate.test.hugeParameter", 8_000_000);

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    private static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void start() throws Exception {
        PartitionTestTables tables = new PartitionTestTables(gateway.catalog(), gateway.warehouse());
        tables.database("limits");
        tables.table("limits", "t", false, "ds string", "hr int");
        client = gateway.client("alice");
        client.add_partitions(List.of(partition("limits", "t", null, "2024-01-01", "0")));
    }

    @Test
    void caseOneAHugeParameterIsRefusedAndTheTableIsUnchanged() throws Exception {
        Table before = stored();
        Table altered = before.deepCopy();
        altered.getParameters().put("huge", "x".repeat(HUGE_PARAMETER));
        assertThatThrownBy(() ->
                        client.alter_table_with_environment_context("limits", "t", altered, new EnvironmentContext()))
                .isInstanceOf(MetaException.class)
                .hasMessage("the value of 'huge' in the parameters of a Table has " + HUGE_PARAMETER
                        + " characters; the limit parameter-value-length is 1048576"
                        + " (lakegate serve --limit parameter-value-length=N)");
        altered.getParameters().clear();
        assertThat(stored()).isEqualTo(before);
        // The next call works, and a value at the limit is taken.
        Table atLimit = before.deepCopy();
        atLimit.getParameters().put("large", "y".repeat(1 << 20));
        client.alter_table_with_environment_context("limits", "t", atLimit, new EnvironmentContext());
        assertThat(stored().getParameters()).containsEntry("large", "y".repeat(1 << 20));
    }

    @Test
    void caseThreeTenThousandAndOneNewPartitionsAndAnExistingOneChangeNothing() throws Exception {
        List<Partition> partitions = new ArrayList<>();
        for (int i = 1; i <= 10_001; i++) {
            partitions.add(partition("limits", "t", null, "2024-01-01", Integer.toString(i)));
        }
        partitions.add(partition("limits", "t", null, "2024-01-01", "0"));
        assertThatThrownBy(() -> client.add_partitions(partitions))
                .isInstanceOf(MetaException.class)
                .hasMessage("the call carries more than 10000 partitions; the limit partitions-per-call is 10000"
                        + " (lakegate serve --limit partitions-per-call=N)");
        assertThat(client.get_partition_names("limits", "t", (short) -1)).containsExactly("ds=2024-01-01/hr=0");
    }

    @Test
    void aCallAtThePartitionLimitIsOneTransaction() throws Exception {
        // 9,999 new partitions and the existing one: as many as one call may carry, all refused together.
        List<Partition> partitions = new ArrayList<>();
        for (int i = 1; i <= 9_999; i++) {
            partitions.add(partition("limits", "t", null, "2024-01-02", Integer.toString(i)));
        }
        partitions.add(partition("limits", "t", null, "2024-01-01", "0"));
        assertThatThrownBy(() -> client.add_partitions(partitions)).isInstanceOf(AlreadyExistsException.class);
        assertThat(client.get_partition_names("limits", "t", (short) -1)).containsExactly("ds=2024-01-01/hr=0");
    }

    @Test
    void aDatabaseDescriptionOverHmsFourThousandCharactersIsRefused() throws Exception {
        Database database = new Database("described", "d".repeat(4_001), null, new HashMap<>());
        assertThatThrownBy(() -> client.create_database(database))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith(
                        "the description of a database has 4001 characters;" + " the limit description-length is 4000");
        assertThatThrownBy(() -> client.get_database("described")).isInstanceOf(NoSuchObjectException.class);
        // Hive 4's clients send create_database_req, the database's fields spelt out in the request.
        CreateDatabaseRequest request = new CreateDatabaseRequest("described");
        request.setDescription("d".repeat(4_001));
        assertThatThrownBy(() -> client.create_database_req(request))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith(
                        "the description of a database has 4001 characters;" + " the limit description-length is 4000");
        assertThatThrownBy(() -> client.get_database("described")).isInstanceOf(NoSuchObjectException.class);
        database.setDescription("d".repeat(4_000));
        client.create_database(database);
        assertThat(client.get_database("described").getDescription()).hasSize(4_000);
    }

    @Test
    void namesOverTheirLimitsAreRefused() throws Exception {
        Table longName = PartitionTestTables.unpartitioned("limits", "n".repeat(257));
        assertThatThrownBy(() -> client.create_table(longName))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith("the name of a table has 257 characters; the limit name-length is 256");
        Table longColumn = PartitionTestTables.unpartitioned("limits", "long_column");
        longColumn.getSd().getCols().add(new FieldSchema("c".repeat(768), "int", null));
        assertThatThrownBy(() -> client.create_table(longColumn))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith("the name of a column has 768 characters; the limit column-name-length is 767");
        Table longKey = PartitionTestTables.unpartitioned("limits", "long_key");
        longKey.getPartitionKeys().add(new FieldSchema("k".repeat(257), "string", null));
        assertThatThrownBy(() -> client.create_table(longKey))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith("the name of a partition key has 257 characters; the limit name-length is 256");
        Table longComment = PartitionTestTables.unpartitioned("limits", "long_comment");
        longComment.getSd().getCols().add(new FieldSchema("c", "int", "c".repeat(4_001)));
        assertThatThrownBy(() -> client.create_table(longComment))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith(
                        "the comment of a column has 4001 characters; the limit comment-length is 4000");
        assertThat(client.get_all_tables("limits")).containsExactly("t");
        // 255 rather than the limit's 256: a managed table's directory is named after it, and a file name
        // has at most 255 bytes here (256 fails: "… is not a directory or unable to create one").
        client.create_table(PartitionTestTables.unpartitioned("limits", "n".repeat(255)));
        assertThat(client.get_all_tables("limits")).contains("n".repeat(255));
    }

    @Test
    void aParameterKeyOverHmsTwoHundredFiftySixCharactersIsRefused() throws Exception {
        Database database = new Database("keyed", "", null, new HashMap<>(Map.of("k".repeat(257), "v")));
        assertThatThrownBy(() -> client.create_database(database))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith("a key of the parameters of a Database has 257 characters;"
                        + " the limit parameter-key-length is 256");
        assertThatThrownBy(() -> client.get_database("keyed")).isInstanceOf(NoSuchObjectException.class);
    }

    private static Table stored() throws Exception {
        return client.get_table_req(new GetTableRequest("limits", "t")).getTable();
    }
}

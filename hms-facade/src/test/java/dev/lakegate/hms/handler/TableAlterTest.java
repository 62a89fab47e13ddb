package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.TableTestSupport.database;
import static dev.lakegate.hms.handler.TableTestSupport.isDirectory;
import static dev.lakegate.hms.handler.TableTestSupport.local;
import static dev.lakegate.hms.handler.TableTestSupport.table;
import static dev.lakegate.hms.handler.TableTestSupport.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AlterTableRequest;
import org.apache.hadoop.hive.metastore.api.CreateTableRequest;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.api.TruncateTableRequest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * alter_table in all its signatures, and truncate, through a real gateway, as HMS 4.0.1's HiveAlterHandler does
 * them.
 */
class TableAlterTest {

    @TempDir
    static Path data;

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    static ThriftHiveMetastore.Client client;
    static TableLegacyClient legacy;

    @BeforeAll
    static void start() throws Exception {
        client = gateway.client("alice");
        legacy = new TableLegacyClient(gateway.socket());
        client.create_database(database("db"));
        client.create_database(database("other"));
    }

    private static Table get(String database, String table) throws Exception {
        return legacy.get_table(database, table);
    }

    @Test
    void columnsParametersAndOwnerChangeAndTheFilesAreCounted() throws Exception {
        client.create_table(table("db", "evolving"));
        Table table = get("db", "evolving");
        write(table.getSd().getLocation(), "part-0", "abc");
        table.getSd().getCols().add(new FieldSchema("added", "decimal(10,2)", "new"));
        table.getSd().getCols().set(0, new FieldSchema("id", "bigint", "changed comment"));
        table.getParameters().put("k", "v");
        table.getParameters().put("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}");
        table.getParameters().remove("transient_lastDdlTime");
        table.setOwner("bob");
        client.alter_table("db", "evolving", table);

        Table after = get("db", "evolving");
        assertThat(after.getSd().getCols())
                .containsExactly(
                        new FieldSchema("id", "bigint", "changed comment"),
                        new FieldSchema("name", "string", null),
                        new FieldSchema("added", "decimal(10,2)", "new"));
        assertThat(after.getOwner()).isEqualTo("bob");
        assertThat(after.getParameters())
                .containsEntry("k", "v")
                .containsEntry("numFiles", "1")
                .containsEntry("totalSize", "3")
                .containsEntry("numFilesErasureCoded", "0")
                .containsKey("transient_lastDdlTime")
                .doesNotContainKey("COLUMN_STATS_ACCURATE");
        assertThat(after.getCreateTime()).isEqualTo(table.getCreateTime());
        assertThat(after.getId()).isEqualTo(table.getId());

        Table unchanged = after.deepCopy();
        EnvironmentContext noStats = new EnvironmentContext(Map.of("DO_NOT_UPDATE_STATS", "true"));
        unchanged.getParameters().put("numFiles", "7");
        client.alter_table_with_environment_context("db", "evolving", unchanged, noStats);
        assertThat(get("db", "evolving").getParameters()).containsEntry("numFiles", "7");
    }

    @Test
    void renameMovesTheDirectoryOfATableInItsDefaultPlace() throws Exception {
        client.create_table_req(new CreateTableRequest(table("db", "before")));
        Table table = get("db", "before");
        String oldLocation = table.getSd().getLocation();
        write(oldLocation, "part-0", "x");
        table.setTableName("After");
        client.alter_table("db", "before", table);

        assertThatThrownBy(() -> get("db", "before")).isInstanceOf(NoSuchObjectException.class);
        Table renamed = get("db", "after");
        String newLocation = gateway.warehouse() + "/db.db/after";
        assertThat(renamed.getSd().getLocation()).isEqualTo(newLocation);
        assertThat(Files.exists(local(oldLocation))).isFalse();
        assertThat(Files.readString(local(newLocation).resolve("part-0"))).isEqualTo("x");
        assertThat(renamed.getId()).isEqualTo(table.getId());
        assertThat(renamed.getParameters()).containsEntry("TRANSLATED_TO_EXTERNAL", "TRUE");
    }

    @Test
    void renameAcrossDatabasesMovesTheDirectoryAndThePartitionsBelowIt() throws Exception {
        client.create_table(table("db", "moving", "MANAGED_TABLE", List.of(new FieldSchema("ds", "string", null))));
        Table table = get("db", "moving");
        String oldLocation = table.getSd().getLocation();
        TableTestSupport.addPartition(gateway, "db", "moving", "1", oldLocation + "/ds=1");
        write(oldLocation + "/ds=1", "part-0", "x");
        table.setDbName("other");
        client.alter_table_with_environment_context("@hive#db", "moving", table, new EnvironmentContext());

        String newLocation = gateway.warehouse() + "/other.db/moving";
        assertThat(get("other", "moving").getSd().getLocation()).isEqualTo(newLocation);
        assertThat(client.get_all_tables("db")).doesNotContain("moving");
        assertThat(Files.exists(local(newLocation).resolve("ds=1/part-0"))).isTrue();
        assertThat(Files.exists(local(oldLocation))).isFalse();
        assertThat(TableTestSupport.partitions(gateway, "other", "moving"))
                .singleElement()
                .satisfies(partition -> assertThat(partition.getLocation()).isEqualTo(newLocation + "/ds=1"));
    }

    @Test
    void anExternalTableKeepsItsDataWhereItIsOnRename() throws Exception {
        Path place = data.resolve("ext/stay");
        Table external = table("db", "ext_before", "EXTERNAL_TABLE", List.of());
        external.getSd().setLocation(place.toString());
        client.create_table(external);
        Table table = get("db", "ext_before");
        table.setTableName("ext_after");
        client.alter_table("db", "ext_before", table);
        assertThat(get("db", "ext_after").getSd().getLocation()).isEqualTo("file:" + place);
        assertThat(Files.isDirectory(place)).isTrue();
    }

    @Test
    void alterFailsAsHmsDoes() throws Exception {
        client.create_table(table("db", "target"));
        client.create_table(table("db", "source", "MANAGED_TABLE", List.of(new FieldSchema("ds", "string", null))));
        Table source = get("db", "source");

        Table onto = source.deepCopy();
        onto.setTableName("TARGET");
        assertThatThrownBy(() -> client.alter_table("db", "source", onto))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("new table db.target already exists");
        assertThatThrownBy(() -> client.alter_table("db", "nope", source))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("hive.db.nope table not found");
        assertThatThrownBy(() -> client.alter_table("nodb", "source", source))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Alter table in REMOTE database is not allowed");
        Table keys = source.deepCopy();
        keys.getPartitionKeys().add(new FieldSchema("hr", "int", null));
        assertThatThrownBy(() -> client.alter_table("db", "source", keys))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("partition keys can not be changed.");
        Table types = source.deepCopy();
        types.getSd().getCols().set(1, new FieldSchema("name", "int", null));
        assertThatThrownBy(() -> client.alter_table("db", "source", types))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("The following columns have types incompatible with the existing columns in their"
                        + " respective positions :\nname");
        Table buckets = source.deepCopy();
        buckets.getSd().setBucketCols(List.of("nothere"));
        assertThatThrownBy(() -> client.alter_table("db", "source", buckets))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Bucket columns - [nothere] doesn't match with any table columns");
        Table otherDb = source.deepCopy();
        otherDb.setDbName("nodb");
        assertThatThrownBy(() -> client.alter_table("db", "source", otherDb))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Unable to change partition or table. Object database hive.nodb does not exist. Check"
                        + " metastore logs for detailed stack.");
        assertThat(get("db", "source")).isEqualTo(source);
    }

    @Test
    void theExpectedParameterIsACompareAndSwap() throws Exception {
        Table created = table("db", "iceberg_like", "EXTERNAL_TABLE", List.of());
        created.getParameters().put("metadata_location", "s3://b/m1.json");
        client.create_table(created);
        Table table = get("db", "iceberg_like");

        Table next = table.deepCopy();
        next.getParameters().put("metadata_location", "s3://b/m2.json");
        next.getParameters().put("previous_metadata_location", "s3://b/m1.json");
        AlterTableRequest request = new AlterTableRequest("db", "iceberg_like", next);
        request.setCatName("hive");
        request.setExpectedParameterKey("metadata_location");
        request.setExpectedParameterValue("s3://b/m1.json");
        client.alter_table_req(request);
        Table swapped = get("db", "iceberg_like");
        assertThat(swapped.getParameters())
                .containsEntry("metadata_location", "s3://b/m2.json")
                .containsEntry("previous_metadata_location", "s3://b/m1.json");

        Table stale = table.deepCopy();
        stale.getParameters().put("metadata_location", "s3://b/m3.json");
        stale.getParameters().put("lost", "update");
        EnvironmentContext context = new EnvironmentContext(
                Map.of("expected_parameter_key", "metadata_location", "expected_parameter_value", "s3://b/m1.json"));
        assertThatThrownBy(() -> client.alter_table_with_environment_context("db", "iceberg_like", stale, context))
                .isInstanceOf(MetaException.class)
                .hasMessage("The table has been modified. The parameter value for key 'metadata_location' is"
                        + " 's3://b/m2.json'. The expected was value was 's3://b/m1.json'");
        assertThat(get("db", "iceberg_like")).isEqualTo(swapped);

        Table unset = swapped.deepCopy();
        unset.getParameters().remove("metadata_location");
        AlterTableRequest missing = new AlterTableRequest("db", "iceberg_like", unset);
        missing.setExpectedParameterKey("metadata_location");
        missing.setExpectedParameterValue("s3://b/m2.json");
        assertThatThrownBy(() -> client.alter_table_req(missing))
                .isInstanceOf(MetaException.class)
                .hasMessage("New value for expected key metadata_location is not set");

        Table absent = swapped.deepCopy();
        absent.getParameters().put("never_set", "now");
        AlterTableRequest onAbsent = new AlterTableRequest("db", "iceberg_like", absent);
        onAbsent.setExpectedParameterKey("never_set");
        onAbsent.setExpectedParameterValue("before");
        assertThatThrownBy(() -> client.alter_table_req(onAbsent))
                .isInstanceOf(MetaException.class)
                .hasMessage("The table has been modified. The parameter value for key 'never_set' is 'null'."
                        + " The expected was value was 'before'");
    }

    @Test
    void cascadeGivesThePartitionsTheNewColumns() throws Exception {
        client.create_table(table("db", "cascading", "MANAGED_TABLE", List.of(new FieldSchema("ds", "string", null))));
        Table table = get("db", "cascading");
        TableTestSupport.addPartition(
                gateway, "db", "cascading", "1", table.getSd().getLocation() + "/ds=1");
        TableTestSupport.addPartition(
                gateway, "db", "cascading", "2", table.getSd().getLocation() + "/ds=2");
        table.getSd().getCols().add(new FieldSchema("extra", "int", null));

        client.alter_table_with_cascade("db", "cascading", table, false);
        assertThat(TableTestSupport.partitions(gateway, "db", "cascading"))
                .allSatisfy(partition -> assertThat(partition.getColumnsList()).hasSize(2));

        table.getSd().getCols().add(new FieldSchema("more", "string", null));
        client.alter_table_with_cascade("db", "cascading", table, true);
        assertThat(TableTestSupport.partitions(gateway, "db", "cascading"))
                .hasSize(2)
                .allSatisfy(partition -> assertThat(partition.getColumnsList())
                        .extracting(dev.lakegate.catalog.v1.Field::getName)
                        .containsExactly("id", "name", "extra", "more"));
    }

    @Test
    void truncateEmptiesTheDirectoryKeepsTheTableAndZeroesItsStatistics() throws Exception {
        client.create_table(table("db", "truncated"));
        Table table = get("db", "truncated");
        write(table.getSd().getLocation(), "part-0", "data");
        table.getParameters().put("numRows", "10");
        table.getParameters()
                .put("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\",\"COLUMN_STATS\":{\"id\":\"true\"}}");
        client.alter_table_with_environment_context(
                "db", "truncated", table, new EnvironmentContext(Map.of("DO_NOT_UPDATE_STATS", "true")));

        client.truncate_table("db", "truncated", null);

        Table after = get("db", "truncated");
        assertThat(isDirectory(after.getSd().getLocation())).isTrue();
        assertThat(Files.list(local(after.getSd().getLocation())).toList()).isEmpty();
        assertThat(after.getParameters())
                .containsEntry("numRows", "0")
                .containsEntry("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}");
        assertThatThrownBy(() -> client.truncate_table("db", "nope", null))
                .isInstanceOf(MetaException.class)
                .hasMessage("hive.db.nope table not found");
    }

    @Test
    void truncateOfPartitionsEmptiesTheirDirectories() throws Exception {
        client.create_table(table("db", "ptrunc", "MANAGED_TABLE", List.of(new FieldSchema("ds", "string", null))));
        String location = get("db", "ptrunc").getSd().getLocation();
        TableTestSupport.addPartition(gateway, "db", "ptrunc", "1", location + "/ds=1");
        TableTestSupport.addPartition(gateway, "db", "ptrunc", "2", location + "/ds=2");
        write(location + "/ds=1", "part-0", "x");
        write(location + "/ds=2", "part-0", "x");

        TruncateTableRequest request = new TruncateTableRequest("db", "ptrunc");
        request.setPartNames(List.of("ds=1"));
        client.truncate_table_req(request);

        assertThat(Files.exists(local(location + "/ds=1/part-0"))).isFalse();
        assertThat(Files.isDirectory(local(location + "/ds=1"))).isTrue();
        assertThat(Files.exists(local(location + "/ds=2/part-0"))).isTrue();
        assertThat(TableTestSupport.partitions(gateway, "db", "ptrunc").get(0).getParametersMap())
                .containsEntry("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}");
        client.truncate_table("db", "ptrunc", null);
        assertThat(Files.exists(local(location + "/ds=2/part-0"))).isFalse();
    }
}

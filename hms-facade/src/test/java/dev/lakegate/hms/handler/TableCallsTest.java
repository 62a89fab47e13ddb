package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.TableTestSupport.LAZY_SERDE;
import static dev.lakegate.hms.handler.TableTestSupport.TEXT_INPUT;
import static dev.lakegate.hms.handler.TableTestSupport.database;
import static dev.lakegate.hms.handler.TableTestSupport.isDirectory;
import static dev.lakegate.hms.handler.TableTestSupport.table;
import static dev.lakegate.hms.handler.TableTestSupport.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.CreateTableRequest;
import org.apache.hadoop.hive.metastore.api.DropTableRequest;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetProjectionsSpec;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.GetTablesRequest;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.PrimaryKeysRequest;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.SQLPrimaryKey;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TableMeta;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.api.UnknownDBException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Creating, reading, listing and dropping tables through a real gateway, as HMS 4.0.1 answers them. */
class TableCallsTest {

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

    @Test
    void aHive4ClientsManagedTableIsTranslatedToAPurgedExternalOneInItsDefaultDirectory() throws Exception {
        Table requested = table("DB", "Orders", "MANAGED_TABLE", List.of(new FieldSchema("ds", "string", "day")));
        requested.getParameters().put("comment", "all orders");
        long before = System.currentTimeMillis() / 1000;
        // create_table_req: the form of Hive 4 clients, whose managed tables HMS 4 translates (ManagedTablesTest).
        client.create_table_req(new CreateTableRequest(requested));

        Table created = legacy.get_table("db", "orders");
        String location = gateway.warehouse() + "/db.db/orders";
        assertThat(created.getTableName()).isEqualTo("orders");
        assertThat(created.getDbName()).isEqualTo("db");
        assertThat(created.getCatName()).isEqualTo("hive");
        assertThat(created.getOwner()).isEqualTo("alice");
        assertThat(created.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(created.getSd().getLocation()).isEqualTo(location);
        assertThat(created.getSd().getCols())
                .containsExactly(new FieldSchema("id", "bigint", "the id"), new FieldSchema("name", "string", null));
        assertThat(created.getPartitionKeys()).containsExactly(new FieldSchema("ds", "string", "day"));
        assertThat(created.getSd().getInputFormat()).isEqualTo(TEXT_INPUT);
        assertThat(created.getSd().getSerdeInfo().getSerializationLib()).isEqualTo(LAZY_SERDE);
        assertThat(created.getSd().getSerdeInfo().getParameters()).isEqualTo(Map.of("serialization.format", "1"));
        assertThat(created.getSd().getBucketCols()).isEmpty();
        assertThat(created.getSd().getSortCols()).isEmpty();
        assertThat(created.getSd().getParameters()).isEmpty();
        assertThat(created.getSd().getSkewedInfo().getSkewedColNames()).isEmpty();
        assertThat((long) created.getCreateTime()).isBetween(before, System.currentTimeMillis() / 1000);
        assertThat(created.getParameters())
                .containsOnlyKeys(
                        "comment",
                        "EXTERNAL",
                        "external.table.purge",
                        "TRANSLATED_TO_EXTERNAL",
                        "transient_lastDdlTime");
        assertThat(created.getParameters())
                .containsEntry("EXTERNAL", "TRUE")
                .containsEntry("external.table.purge", "TRUE")
                .containsEntry("TRANSLATED_TO_EXTERNAL", "TRUE")
                .containsEntry("transient_lastDdlTime", Integer.toString(created.getCreateTime()));
        assertThat(created.getId()).isPositive();
        assertThat(isDirectory(location)).isTrue();

        GetTableRequest request = new GetTableRequest("db", "ORDERS");
        request.setCatName("hive");
        assertThat(client.get_table_req(request).getTable()).isEqualTo(created);
        assertThat(legacy.get_table("@hive#db", "orders")).isEqualTo(created);
        request.setId(created.getId() + 1);
        assertThatThrownBy(() -> client.get_table_req(request)).isInstanceOf(NoSuchObjectException.class);
    }

    @Test
    void anExternalTableKeepsItsLocationAndGetsQuickStatsFromItsFiles() throws Exception {
        Path place = data.resolve("landing/events");
        write("file:" + place, "part-0", "12345");
        write("file:" + place, "_SUCCESS", "");
        Table requested = table("db", "events", "EXTERNAL_TABLE", List.of());
        requested.getSd().setLocation(place.toString());
        client.create_table(requested);

        Table created = legacy.get_table("db", "events");
        assertThat(created.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(created.getSd().getLocation()).isEqualTo("file:" + place);
        assertThat(created.getParameters())
                .containsEntry("numFiles", "1")
                .containsEntry("totalSize", "5")
                .containsEntry("numFilesErasureCoded", "0")
                .doesNotContainKey("COLUMN_STATS_ACCURATE")
                .doesNotContainKey("TRANSLATED_TO_EXTERNAL");
    }

    @Test
    void aViewKeepsItsTextsAndHasNoLocation() throws Exception {
        Table view = table("db", "v1", "VIRTUAL_VIEW", List.of());
        view.getSd().setInputFormat(null);
        view.getSd().setOutputFormat(null);
        view.setViewOriginalText("select * from orders");
        view.setViewExpandedText("select `orders`.`id` from `db`.`orders`");
        client.create_table(view);
        Table created = legacy.get_table("db", "v1");
        assertThat(created.getTableType()).isEqualTo("VIRTUAL_VIEW");
        assertThat(created.getViewOriginalText()).isEqualTo("select * from orders");
        assertThat(created.getViewExpandedText()).isEqualTo("select `orders`.`id` from `db`.`orders`");
        assertThat(created.getSd().isSetLocation()).isFalse();
        assertThat(created.getParameters()).containsOnlyKeys("transient_lastDdlTime");
        assertThat(Files.exists(gateway.warehousePath().resolve("db.db/v1"))).isFalse();
    }

    @Test
    void transactionalManagedTablesNeedCapabilities() throws Exception {
        Table acid = table("db", "acid");
        acid.getParameters().put("transactional", "true");
        assertThatThrownBy(() -> client.create_table(acid))
                .isInstanceOf(MetaException.class)
                .hasMessage("Processor has no capabilities, cannot create an ACID table.");
        CreateTableRequest request = new CreateTableRequest(acid);
        request.setProcessorCapabilities(List.of("HIVEFULLACIDWRITE"));
        client.create_table_req(request);
        Table created = legacy.get_table("db", "acid");
        assertThat(created.getTableType()).isEqualTo("MANAGED_TABLE");
        assertThat(created.getSd().getLocation()).isEqualTo(gateway.warehouse() + "/db.db/acid");
        assertThat(created.getParameters())
                .containsEntry("transactional", "true")
                .doesNotContainKey("EXTERNAL");
    }

    @Test
    void createFailsAsHmsDoes() throws Exception {
        client.create_table(table("db", "dup"));
        assertThatThrownBy(() -> client.create_table(table("db", "DUP")))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Table hive.db.DUP already exists");
        assertThatThrownBy(() -> client.create_table(table("nodb", "t")))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("database hive.nodb");
        assertThatThrownBy(() -> client.create_table(table("db", "bad-name")))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("bad-name is not a valid object name");
        Table badType = table("db", "badtype");
        badType.getSd().getCols().add(new FieldSchema("x", "notatype", null));
        assertThatThrownBy(() -> client.create_table(badType))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("Invalid column type: notatype");
        Table root = table("db", "atroot", "EXTERNAL_TABLE", List.of());
        root.getSd().setLocation("file:/");
        assertThatThrownBy(() -> client.create_table(root))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("atroot location must not be root path");
        assertThatThrownBy(() -> legacy.get_table("db", "badtype")).isInstanceOf(NoSuchObjectException.class);
        assertThat(Files.exists(gateway.warehousePath().resolve("db.db/badtype")))
                .isFalse();
    }

    @Test
    void constraintsAreKeptWithTheTableAndABadOneLeavesNoTable() throws Exception {
        client.create_table_with_constraints(
                table("db", "plain"), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
        assertThat(legacy.get_table("db", "plain").getTableName()).isEqualTo("plain");
        assertThat(client.get_primary_keys(new PrimaryKeysRequest("db", "plain"))
                        .getPrimaryKeys())
                .isEmpty();
        SQLPrimaryKey key = new SQLPrimaryKey("db", "keyed", "ID", 1, "PK", true, false, true);
        client.create_table_with_constraints(
                table("db", "keyed"), List.of(key), List.of(), List.of(), List.of(), List.of(), List.of());
        SQLPrimaryKey stored = client.get_primary_keys(new PrimaryKeysRequest("db", "keyed"))
                .getPrimaryKeys()
                .get(0);
        assertThat(stored.getColumn_name()).isEqualTo("id");
        assertThat(stored.getPk_name()).isEqualTo("pk");
        assertThat(stored.isRely_cstr()).isTrue();
        SQLPrimaryKey unknown = new SQLPrimaryKey("db", "badkey", "nope", 1, "pk2", true, false, true);
        assertThatThrownBy(() -> client.create_table_with_constraints(
                        table("db", "badkey"), List.of(unknown), List.of(), List.of(), List.of(), List.of(), List.of()))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("Parent column not found: nope");
        assertThatThrownBy(() -> legacy.get_table("db", "badkey")).isInstanceOf(NoSuchObjectException.class);
        EnvironmentContext context = new EnvironmentContext(Map.of("DO_NOT_UPDATE_STATS", "true"));
        client.create_table_with_environment_context(table("db", "withcontext"), context);
        assertThat(legacy.get_table("db", "withcontext").getParameters()).containsKey("transient_lastDdlTime");
    }

    @Test
    void missingTablesAreNoSuchObject() {
        assertThatThrownBy(() -> legacy.get_table("db", "Nope"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("hive.db.Nope table not found");
        assertThatThrownBy(() -> legacy.get_table("nodb", "t"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("hive.nodb.t table not found");
        assertThatThrownBy(() -> legacy.get_table("@spark#db", "t"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("spark.db.t table not found");
        assertThatThrownBy(() -> client.drop_table("db", "nope", true))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("hive.db.nope table not found");
        assertThatThrownBy(() -> client.drop_table("nodb", "nope", true))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("database hive.nodb");
    }

    @Test
    void listsAreSortedAndPatternsWorkWithoutCase() throws Exception {
        client.create_database(database("lists"));
        client.create_table_req(new CreateTableRequest(table("lists", "b_one")));
        client.create_table_req(new CreateTableRequest(table("lists", "a_two")));
        client.create_table(table("lists", "c_three", "EXTERNAL_TABLE", List.of()));
        Table view = table("lists", "a_view", "VIRTUAL_VIEW", List.of());
        client.create_table(view);

        assertThat(client.get_all_tables("lists")).containsExactly("a_two", "a_view", "b_one", "c_three");
        assertThat(client.get_tables("lists", "A*")).containsExactly("a_two", "a_view");
        assertThat(client.get_tables("@hive#lists", "b_one|C_*")).containsExactly("b_one", "c_three");
        assertThat(client.get_tables("lists", null)).hasSize(4);
        assertThat(client.get_tables("nodb", "*")).isEmpty();
        assertThat(client.get_tables_by_type("lists", "*", "VIRTUAL_VIEW")).containsExactly("a_view");
        assertThat(client.get_tables_by_type("lists", "*", "EXTERNAL_TABLE"))
                .containsExactly("a_two", "b_one", "c_three");
        assertThat(client.get_tables_by_type("lists", "*", "MANAGED_TABLE")).isEmpty();
        assertThatThrownBy(() -> client.get_tables_by_type("lists", "*", "NONSENSE"))
                .isInstanceOf(MetaException.class)
                .hasMessage("No enum constant org.apache.hadoop.hive.metastore.TableType.NONSENSE");

        List<TableMeta> metas = client.get_table_meta("@hive#lis*", "a*", List.of());
        assertThat(metas).extracting(TableMeta::getTableName).containsExactly("a_two", "a_view");
        TableMeta meta = metas.get(0);
        assertThat(meta.getDbName()).isEqualTo("lists");
        assertThat(meta.getCatName()).isEqualTo("hive");
        assertThat(meta.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(meta.getOwnerName()).isEqualTo("alice");
        assertThat(meta.getOwnerType()).isEqualTo(PrincipalType.USER);
        assertThat(client.get_table_meta("lists", "*", List.of("VIRTUAL_VIEW")))
                .extracting(TableMeta::getTableName)
                .containsExactly("a_view");
    }

    @Test
    void tableObjectsByNameSkipMissingOnesAndProject() throws Exception {
        client.create_database(database("objs"));
        client.create_table(table("objs", "t1"));
        client.create_table(table("objs", "t2"));
        List<Table> tables = legacy.get_table_objects_by_name("objs", List.of("T2", "missing", "t1", "t2"));
        assertThat(tables).extracting(Table::getTableName).containsExactly("t2", "t1");
        assertThat(tables.get(0)).isEqualTo(legacy.get_table("objs", "t2"));
        assertThatThrownBy(() -> legacy.get_table_objects_by_name("nodb", List.of("t1")))
                .isInstanceOf(UnknownDBException.class)
                .hasMessage("Could not find database hive.nodb: database hive.nodb");
        assertThatThrownBy(() -> legacy.get_table_objects_by_name("nodb", List.of()))
                .isInstanceOf(UnknownDBException.class);
        assertThat(legacy.get_table_objects_by_name("objs", List.of())).isEmpty();

        GetTablesRequest request = new GetTablesRequest("objs");
        request.setCatName("hive");
        request.setTablesPattern("t*");
        assertThat(client.get_table_objects_by_name_req(request).getTables())
                .extracting(Table::getTableName)
                .containsExactly("t1", "t2");
        GetProjectionsSpec projection = new GetProjectionsSpec();
        projection.setFieldList(List.of("tableName", "owner", "sd.location"));
        request.setProjectionSpec(projection);
        request.setTblNames(List.of("t1"));
        Table projected =
                client.get_table_objects_by_name_req(request).getTables().get(0);
        assertThat(projected.getTableName()).isEqualTo("t1");
        assertThat(projected.getOwner()).isEqualTo("alice");
        assertThat(projected.getSd().getLocation()).isEqualTo(gateway.warehouse() + "/objs.db/t1");
        assertThat(projected.isSetParameters()).isFalse();
        assertThat(projected.getSd().isSetCols()).isFalse();
        projection.setFieldList(List.of("tableName", "parameters"));
        assertThat(client.get_table_objects_by_name_req(request).getTables().get(0))
                .isEqualTo(legacy.get_table("objs", "t1"));
        projection.setFieldList(List.of("nonsense"));
        assertThatThrownBy(() -> client.get_table_objects_by_name_req(request))
                .isInstanceOf(MetaException.class)
                .hasMessage("Invalid table fields in the projection spec[nonsense]");
        GetProjectionsSpec patternsOnly = new GetProjectionsSpec();
        patternsOnly.setIncludeParamKeyPattern("a%");
        request.setProjectionSpec(patternsOnly);
        assertThatThrownBy(() -> client.get_table_objects_by_name_req(request))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Include and Exclude Param key are not supported.");
    }

    @Test
    void namesByFilterReadTheParameters() throws Exception {
        client.create_database(database("filtered"));
        Table orc = table("filtered", "orc_t");
        orc.getParameters().put("format", "orc");
        client.create_table(orc);
        Table parquet = table("filtered", "parquet_t");
        parquet.getParameters().put("format", "parquet");
        client.create_table(parquet);
        client.create_table(table("filtered", "plain_t"));

        assertThat(client.get_table_names_by_filter(
                        "filtered", "hive_filter_field_params__format = \"orc\"", (short) -1))
                .containsExactly("orc_t");
        assertThat(client.get_table_names_by_filter(
                        "@hive#filtered",
                        "hive_filter_field_params__format <> 'orc' or hive_filter_field_owner__ = 'nobody'",
                        (short) -1))
                .containsExactly("parquet_t");
        assertThat(client.get_table_names_by_filter("filtered", "hive_filter_field_owner__ = 'alice'", (short) 2))
                .containsExactly("orc_t", "parquet_t");
        assertThatThrownBy(() -> client.get_table_names_by_filter("filtered", "format = 'orc'", (short) -1))
                .isInstanceOf(MetaException.class)
                .hasMessage("Invalid key name in filter.  Use constants from org.apache.hadoop.hive.metastore.api");
        assertThatThrownBy(() -> client.get_table_names_by_filter("filtered", null, (short) -1))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("null cannot apply null filter");
        assertThatThrownBy(() -> client.get_table_names_by_filter("", "x", (short) -1))
                .isInstanceOf(UnknownDBException.class)
                .hasMessage("DB name is null or empty");
    }

    @Test
    void dropWithDeleteDataRemovesPurgedDataAndKeepsExternalData() throws Exception {
        client.create_database(database("drops"));
        client.create_table(table("drops", "managed"));
        String managed = legacy.get_table("drops", "managed").getSd().getLocation();
        write(managed, "part-0", "x");
        Path outside = data.resolve("ext/kept");
        Table external = table("drops", "external", "EXTERNAL_TABLE", List.of());
        external.getSd().setLocation(outside.toString());
        client.create_table(external);
        write("file:" + outside, "part-0", "x");

        client.drop_table("drops", "managed", true);
        client.drop_table_with_environment_context("drops", "external", true, new EnvironmentContext());

        assertThat(Files.exists(TableTestSupport.local(managed))).isFalse();
        assertThat(Files.exists(outside.resolve("part-0"))).isTrue();
        assertThat(client.get_all_tables("drops")).isEmpty();

        client.create_table(table("drops", "keepdata"));
        String kept = legacy.get_table("drops", "keepdata").getSd().getLocation();
        DropTableRequest request = new DropTableRequest("drops", "keepdata");
        request.setCatalogName("hive");
        request.setDeleteData(false);
        client.drop_table_req(request);
        assertThat(isDirectory(kept)).isTrue();
        assertThatThrownBy(() -> legacy.get_table("drops", "keepdata")).isInstanceOf(NoSuchObjectException.class);
    }

    @Test
    void droppingAPartitionedTableRemovesPartitionDataOutsideItsDirectory() throws Exception {
        client.create_database(database("pdrop"));
        client.create_table(table("pdrop", "pt", "MANAGED_TABLE", List.of(new FieldSchema("ds", "string", null))));
        Table table = legacy.get_table("pdrop", "pt");
        Path outside = data.resolve("partitions/ds=1");
        String inside = table.getSd().getLocation() + "/ds=2";
        TableTestSupport.addPartition(gateway, "pdrop", "pt", "1", "file:" + outside);
        TableTestSupport.addPartition(gateway, "pdrop", "pt", "2", inside);
        write("file:" + outside, "part-0", "x");
        write(inside, "part-0", "x");

        client.drop_table("pdrop", "pt", true);

        assertThat(Files.exists(outside)).isFalse();
        assertThat(Files.exists(TableTestSupport.local(table.getSd().getLocation())))
                .isFalse();
        assertThatThrownBy(() -> legacy.get_table("pdrop", "pt")).isInstanceOf(NoSuchObjectException.class);
    }
}

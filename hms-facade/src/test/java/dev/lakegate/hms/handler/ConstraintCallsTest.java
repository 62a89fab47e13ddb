package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.TableTestSupport.database;
import static dev.lakegate.hms.handler.TableTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.AddForeignKeyRequest;
import org.apache.hadoop.hive.metastore.api.AddNotNullConstraintRequest;
import org.apache.hadoop.hive.metastore.api.AddPrimaryKeyRequest;
import org.apache.hadoop.hive.metastore.api.AllTableConstraintsRequest;
import org.apache.hadoop.hive.metastore.api.DropConstraintRequest;
import org.apache.hadoop.hive.metastore.api.ForeignKeysRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.NotNullConstraintsRequest;
import org.apache.hadoop.hive.metastore.api.PrimaryKeysRequest;
import org.apache.hadoop.hive.metastore.api.SQLAllTableConstraints;
import org.apache.hadoop.hive.metastore.api.SQLForeignKey;
import org.apache.hadoop.hive.metastore.api.SQLNotNullConstraint;
import org.apache.hadoop.hive.metastore.api.SQLPrimaryKey;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Constraints through a real gateway: what Flink's HiveCatalog and Hive 4's engine read, and the writes. */
class ConstraintCallsTest {

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void start() throws Exception {
        client = gateway.client("alice");
        client.create_database(database("db"));
    }

    @Test
    void aTableWithoutConstraintsAndAMissingTableAnswerEmptyLists() throws Exception {
        client.create_table(table("db", "bare"));
        for (String name : List.of("bare", "missing")) {
            assertThat(client.get_not_null_constraints(new NotNullConstraintsRequest("hive", "db", name))
                            .getNotNullConstraints())
                    .isEmpty();
            assertThat(client.get_primary_keys(new PrimaryKeysRequest("db", name))
                            .getPrimaryKeys())
                    .isEmpty();
            SQLAllTableConstraints all = client.get_all_table_constraints(
                            new AllTableConstraintsRequest("db", name, "hive"))
                    .getAllTableConstraints();
            assertThat(all.getPrimaryKeys()).isEmpty();
            assertThat(all.getCheckConstraints()).isEmpty();
        }
    }

    @Test
    void keysAreAddedReadAndDroppedWithHmsChecks() throws Exception {
        client.create_table(table("db", "parent"));
        client.create_table(table("db", "child"));
        client.add_primary_key(new AddPrimaryKeyRequest(
                List.of(new SQLPrimaryKey("db", "parent", "id", 1, "parent_pk", false, false, true))));
        assertThatThrownBy(() -> client.add_primary_key(new AddPrimaryKeyRequest(
                        List.of(new SQLPrimaryKey("db", "parent", "name", 1, "other_pk", false, false, true)))))
                .isInstanceOf(MetaException.class)
                .hasMessage(" Primary key already exists for: hive.db.parent");
        SQLForeignKey key = new SQLForeignKey(
                "db", "parent", "id", "db", "child", "id", 1, 0, 0, "child_fk", null, false, false, true);
        client.add_foreign_key(new AddForeignKeyRequest(List.of(key)));
        List<SQLForeignKey> read = client.get_foreign_keys(new ForeignKeysRequest(null, null, "db", "child"))
                .getForeignKeys();
        assertThat(read).hasSize(1);
        assertThat(read.get(0).getPk_name()).isEqualTo("parent_pk");
        assertThat(read.get(0).getCatName()).isEqualTo("hive");
        assertThat(client.get_foreign_keys(new ForeignKeysRequest("db", "parent", null, null))
                        .getForeignKeys())
                .hasSize(1);

        SQLNotNullConstraint notNull =
                new SQLNotNullConstraint("hive", "db", "child", "nope", "nn", true, false, false);
        // HMS's store throws InvalidObjectException, which add_not_null_constraint does not declare.
        assertThatThrownBy(() -> client.add_not_null_constraint(new AddNotNullConstraintRequest(List.of(notNull))))
                .isInstanceOf(MetaException.class)
                .hasMessage("Parent column not found: nope");

        client.drop_constraint(new DropConstraintRequest("db", "child", "child_fk"));
        assertThat(client.get_foreign_keys(new ForeignKeysRequest(null, null, "db", "child"))
                        .getForeignKeys())
                .isEmpty();
        assertThatThrownBy(() -> client.drop_constraint(new DropConstraintRequest("db", "child", "child_fk")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("The constraint: child_fk does not exist for the associated table: db.child");
    }

    @Test
    void anIcebergTablesIdentifierFieldsReadAsItsPrimaryKeyWhichCannotBeAdded() throws Exception {
        dev.lakegate.catalog.v1.DataType bigint = dev.lakegate.catalog.v1.DataType.newBuilder()
                .setPrimitive(dev.lakegate.catalog.v1.PrimitiveType.INT64)
                .build();
        gateway.catalog()
                .createTable(dev.lakegate.catalog.v1.Table.newBuilder()
                        .setNamespace("db")
                        .setName("lake")
                        .setFormat(dev.lakegate.catalog.v1.TableFormat.ICEBERG)
                        .setLocation(gateway.warehouse() + "/db.db/lake")
                        .addSchemas(dev.lakegate.catalog.v1.Schema.newBuilder()
                                .setSchemaId(0)
                                .addFields(dev.lakegate.catalog.v1.Field.newBuilder()
                                        .setId(1)
                                        .setName("id")
                                        .setType(bigint)
                                        .setRequired(true))
                                .addIdentifierFieldIds(1))
                        .setCurrentSchemaId(0)
                        .build());
        List<SQLPrimaryKey> keys =
                client.get_primary_keys(new PrimaryKeysRequest("db", "lake")).getPrimaryKeys();
        assertThat(keys).hasSize(1);
        assertThat(keys.get(0).getPk_name()).isEqualTo("identifier_fields");
        assertThat(keys.get(0).getColumn_name()).isEqualTo("id");
        assertThat(keys.get(0).isRely_cstr()).isTrue();
        assertThat(keys.get(0).isEnable_cstr()).isFalse();
        assertThatThrownBy(() -> client.drop_constraint(new DropConstraintRequest("db", "lake", "identifier_fields")))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("identifier fields");
    }
}

package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.api.HiveTableIds;
import dev.lakegate.catalog.server.model.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Tables written before schema V21 are found by their HMS 4 id once the store opens and migrates: the SQL of
 * each database folds their UUIDs as {@link HiveTableIds} does, the corner of a fold to 0 (taken as 1) too.
 */
class HiveTableIdsMigrationTest {

    /** Random UUIDs, and one whose halves are equal (it folds to 0, which is taken as 1). */
    private static List<UUID> ids() {
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ids.add(UUID.randomUUID());
        }
        ids.add(new UUID(0x8000_0000_0000_0005L, 0x8000_0000_0000_0005L));
        return ids;
    }

    @Test
    void h2TablesBeforeV21AreFoundByTheirHiveId() throws Exception {
        List<UUID> ids = ids();
        OlderSchemas.onH2(
                (dialect, dataSource) -> writeBeforeV21(dialect, dataSource, ids),
                store -> assertFoundByHiveId(store, ids));
    }

    @Test
    void postgresTablesBeforeV21AreFoundByTheirHiveId() throws Exception {
        List<UUID> ids = ids();
        OlderSchemas.onPostgres(
                (dialect, dataSource) -> writeBeforeV21(dialect, dataSource, ids),
                store -> assertFoundByHiveId(store, ids));
    }

    private static void writeBeforeV21(SqlDialect dialect, DataSource dataSource, List<UUID> ids) throws SQLException {
        assertThat(new SchemaMigrator(dialect, 19).migrate(dataSource)).isEqualTo(19);
        try (Connection connection = dataSource.getConnection()) {
            int n = 0;
            for (UUID id : ids) {
                String name = "t" + (n++);
                Table table = StoreFixtures.hiveTable("old", name).toBuilder()
                        .id(id)
                        .build()
                        .withoutSnapshots();
                try (PreparedStatement insert = connection.prepareStatement(
                        "INSERT INTO tables (id, catalog, namespace, name, format, version, metadata_location, doc)"
                                + " VALUES (?, 'hive', 'old', ?, 'HIVE', 1, '', ?)")) {
                    insert.setObject(1, id);
                    insert.setString(2, name);
                    insert.setString(3, StoreJson.write(table));
                    insert.executeUpdate();
                }
            }
        }
    }

    private static void assertFoundByHiveId(JdbcCatalogStore store, List<UUID> ids) {
        for (UUID id : ids) {
            List<Table> found = store.inTransaction(tx -> tx.findTablesForUpdateByHiveId(HiveTableIds.of(id)));
            assertThat(found).as("the table of " + id).extracting(Table::id).containsExactly(id);
        }
        assertThat(HiveTableIds.of(ids.get(ids.size() - 1))).isEqualTo(1);
    }
}

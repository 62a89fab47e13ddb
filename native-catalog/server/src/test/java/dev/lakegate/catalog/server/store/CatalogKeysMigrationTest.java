package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Rows written before schema V11 (documents without a catalog, rows without the column) read as the default
 * catalog's once the store opens and migrates, on both databases.
 */
class CatalogKeysMigrationTest {

    @Test
    void h2RowsBeforeV11BelongToHive() throws Exception {
        OlderSchemas.onH2(CatalogKeysMigrationTest::writeBeforeV11, CatalogKeysMigrationTest::assertReadAsHive);
    }

    @Test
    void postgresRowsBeforeV11BelongToHive() throws Exception {
        OlderSchemas.onPostgres(CatalogKeysMigrationTest::writeBeforeV11, CatalogKeysMigrationTest::assertReadAsHive);
    }

    private static void writeBeforeV11(SqlDialect dialect, DataSource dataSource) throws SQLException {
        assertThat(new SchemaMigrator(dialect, 10).migrate(dataSource)).isEqualTo(10);
        Table table = StoreFixtures.hiveTable("old", "t").withoutSnapshots();
        Function function = StoreFixtures.function("old", "f");
        try (Connection connection = dataSource.getConnection()) {
            insert(
                    connection,
                    "INSERT INTO namespaces (name, version, doc) VALUES (?, 0, ?)",
                    "old",
                    withoutCatalog(StoreJson.write(Namespace.of("old"))));
            insert(
                    connection,
                    "INSERT INTO tables (id, namespace, name, format, version, metadata_location, doc) "
                            + "VALUES (?, 'old', 't', 'HIVE', 1, '', ?)",
                    table.id(),
                    withoutCatalog(StoreJson.write(table)));
            insert(
                    connection,
                    "INSERT INTO functions (namespace, name, doc) VALUES ('old', 'f', ?)",
                    withoutCatalog(StoreJson.write(function)));
            insert(
                    connection,
                    "INSERT INTO events (id, event_time, principal, event_type, namespace, table_name, doc) "
                            + "VALUES (1, ?, 'alice', 'NAMESPACE_CREATED', 'old', '', ?)",
                    Timestamp.from(StoreFixtures.T0),
                    StoreJson.write(
                            new EventChange.NamespaceChange(Optional.empty(), Optional.of(Namespace.of("old"))),
                            EventChange.class));
            insert(connection, "UPDATE event_counter SET last_id = 1 WHERE id = 1");
        }
    }

    private static void assertReadAsHive(JdbcCatalogStore store) {
        assertThat(store.read((StoreTransaction tx) -> tx.findNamespace("hive", "old")))
                .map(Namespace::catalog)
                .contains("hive");
        assertThat(store.read((StoreTransaction tx) -> tx.findTable(TableIdentifier.of("hive", "old", "t"), false)))
                .map(Table::catalog)
                .contains("hive");
        assertThat(store.read((StoreTransaction tx) -> tx.findFunction("hive", "old", "f")))
                .map(Function::catalog)
                .contains("hive");
        assertThat(store.read((StoreTransaction tx) -> tx.listEvents(EventQuery.after(0, 10))))
                .extracting(Event::catalog)
                .containsExactly("hive");
        assertThat(store.read((StoreTransaction tx) -> tx.countTables("hive", "old")))
                .isEqualTo(1);
    }

    /** A document as written before V11: the catalog fields the model adds now were not there. */
    private static String withoutCatalog(String json) {
        String stripped = json.replace("\"catalog\":\"hive\",", "").replace(",\"catalog\":\"hive\"", "");
        assertThat(stripped).doesNotContain("\"catalog\"");
        return stripped;
    }

    private static void insert(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            statement.executeUpdate();
        }
    }
}

package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Statements sent later ({@link Jdbc#sendLater}): on PostgreSQL they travel ahead of the next statement, on H2
 * they run at once; either way they run in order, before what follows them, and their failure fails the
 * transaction.
 */
class HeldStatementsTest {

    private static PostgresTestDatabase postgres;

    @BeforeAll
    static void createDatabase() {
        postgres = PostgresTestDatabase.create();
    }

    @AfterAll
    static void dropDatabase() {
        postgres.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void heldStatementsRunInOrderBeforeTheNextQuery(String database) throws Exception {
        try (TransactionConnection connection = open(database)) {
            Jdbc jdbc = jdbc(connection, database);
            jdbc.sendLater("INSERT INTO held (id, v) VALUES (?, ?)", 1L, 10L);
            jdbc.sendLater("UPDATE held SET v = v * 2 WHERE id = ?", 1L);
            jdbc.sendLater("UPDATE held SET v = v + 1 WHERE id = ?", 1L);

            assertThat(jdbc.queryLong("SELECT v FROM held WHERE id = ?", 1L)).isEqualTo(21);
            assertThat(jdbc.update("UPDATE held SET v = 0 WHERE id = ?", 1L)).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void heldStatementsAreSentByAFlush(String database) throws Exception {
        try (TransactionConnection connection = open(database)) {
            Jdbc jdbc = jdbc(connection, database);
            jdbc.sendLater("INSERT INTO held (id, v) VALUES (?, ?)", 2L, 20L);
            jdbc.sendLater("INSERT INTO held (id, v) VALUES (?, ?)", 3L, 30L);
            jdbc.flush();

            try (Statement statement = connection.get().createStatement();
                    ResultSet rows = statement.executeQuery("SELECT SUM(v) FROM held WHERE id IN (2, 3)")) {
                rows.next();
                assertThat(rows.getLong(1)).isEqualTo(50);
            }
            // nothing is held any more: a flush sends nothing twice
            jdbc.flush();
            assertThat(jdbc.queryLong("SELECT COUNT(*) FROM held WHERE id IN (2, 3)"))
                    .isEqualTo(2);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void heldStatementsAreCommittedWithTheCommit(String database) throws Exception {
        DataSource source = dataSource(database);
        String table = "committed_" + UUID.randomUUID().toString().replace("-", "");
        try (TransactionConnection connection = new TransactionConnection(source, false);
                Connection other = source.getConnection()) {
            Jdbc jdbc = jdbc(connection, database);
            connection.get().setAutoCommit(false);
            jdbc.update("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY)");
            jdbc.sendLater("INSERT INTO " + table + " (id) VALUES (?)", 1L);
            jdbc.sendLater("INSERT INTO " + table + " (id) VALUES (?)", 2L);
            jdbc.commit();

            try (Statement statement = other.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
                rows.next();
                assertThat(rows.getLong(1)).isEqualTo(2);
            }
            // the next statement begins a new transaction, which a rollback undoes
            jdbc.sendLater("INSERT INTO " + table + " (id) VALUES (?)", 3L);
            assertThat(jdbc.queryLong("SELECT COUNT(*) FROM " + table)).isEqualTo(3);
            connection.rollback();
            assertThat(jdbc.queryLong("SELECT COUNT(*) FROM " + table)).isEqualTo(2);
            connection.rollback();
            try (Statement statement = other.createStatement()) {
                statement.execute("DROP TABLE " + table);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aHeldStatementsFailureFailsTheTransaction(String database) throws Exception {
        try (TransactionConnection connection = open(database)) {
            Jdbc jdbc = jdbc(connection, database);
            assertThatThrownBy(() -> {
                        jdbc.sendLater("INSERT INTO held (id, v) VALUES (?, ?)", 4L, 40L);
                        jdbc.sendLater("INSERT INTO held (id, v) VALUES (?, ?)", 4L, 41L);
                        jdbc.queryLong("SELECT COUNT(*) FROM held");
                    })
                    .isInstanceOf(StoreSqlException.class)
                    .satisfies(e -> assertThat(SqlDialect.isUniqueViolation(((StoreSqlException) e).sqlException()))
                            .isTrue());
        }
    }

    private static TransactionConnection open(String database) throws SQLException {
        TransactionConnection connection = new TransactionConnection(dataSource(database), false);
        Connection held = connection.get();
        held.setAutoCommit(false);
        try (Statement statement = held.createStatement()) {
            statement.execute("CREATE TABLE held (id BIGINT PRIMARY KEY, v BIGINT NOT NULL)");
        }
        return connection;
    }

    private static Jdbc jdbc(TransactionConnection connection, String database) {
        return new Jdbc(connection, database.equals("h2") ? new H2Dialect() : new PostgresDialect());
    }

    private static DataSource dataSource(String database) {
        if (database.equals("h2")) {
            JdbcDataSource h2 = new JdbcDataSource();
            // kept while a connection is open, as long as the test needs it
            h2.setURL("jdbc:h2:mem:held_" + UUID.randomUUID().toString().replace("-", ""));
            return h2;
        }
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setUrl(postgres.jdbcUrl());
        source.setUser(postgres.user());
        return source;
    }
}

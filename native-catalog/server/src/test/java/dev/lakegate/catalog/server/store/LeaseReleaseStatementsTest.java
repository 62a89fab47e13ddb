package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.Lease;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Releasing HMS locks is one statement however many locks and resources it covers, on H2 and on PostgreSQL: an
 * unlock, the end of a transaction holding several locks, the purge of expired ones. A lease's resources go with
 * it (V28's ON DELETE CASCADE). Counted as the statements the store hands to the driver on its connection: on
 * PostgreSQL those held back travel as one text with the COMMIT, and each of them counts.
 */
class LeaseReleaseStatementsTest {

    private static PostgresTestDatabase postgres;
    private static DataSource h2;
    private static DataSource postgresql;

    @BeforeAll
    static void createDatabases() throws SQLException {
        postgres = PostgresTestDatabase.create();
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setUrl(postgres.jdbcUrl());
        source.setUser(postgres.user());
        postgresql = source;
        new SchemaMigrator(new PostgresDialect()).migrate(postgresql);
        JdbcDataSource memory = new JdbcDataSource();
        memory.setURL("jdbc:h2:mem:release_" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1");
        h2 = memory;
        new SchemaMigrator(new H2Dialect()).migrate(h2);
    }

    @AfterAll
    static void dropDatabases() throws SQLException {
        postgres.close();
        try (Connection connection = h2.getConnection()) {
            connection.createStatement().execute("SHUTDOWN");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void anUnlockOfALockOnThreeTablesIsOneStatement(String database) throws SQLException {
        Recorded recorded = written(database, lease(11, 0, 3, Instant.now()), lease(12, 0, 2, Instant.now()));
        transact(recorded, database, jdbc -> new LeaseRows(jdbc).delete(11));

        assertThat(recorded.statements()).as("statements of the unlock").hasSize(1);
        assertThat(resourcesOf(database, 11)).isZero();
        assertThat(leases(database, 11)).isZero();
        assertThat(resourcesOf(database, 12)).as("another lock's").isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aTransactionsEndReleasesAllItsLocksInOneStatement(String database) throws SQLException {
        Recorded recorded = written(
                database,
                lease(21, 77, 2, Instant.now()),
                lease(22, 77, 3, Instant.now()),
                lease(23, 78, 1, Instant.now()));
        transact(recorded, database, jdbc -> new AcidTransactionRows(jdbc).releaseLeases(77));

        assertThat(recorded.statements()).as("statements of the release").hasSize(1);
        assertThat(resourcesOf(database, 21) + resourcesOf(database, 22)).isZero();
        assertThat(leases(database, 21) + leases(database, 22)).isZero();
        assertThat(resourcesOf(database, 23)).as("another transaction's").isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void expiredLocksGoInOneStatement(String database) throws SQLException {
        Instant now = Instant.now();
        Recorded recorded = written(
                database,
                lease(31, 0, 2, now.minus(1, ChronoUnit.HOURS)),
                lease(32, 0, 2, now.minus(2, ChronoUnit.HOURS)));
        transact(recorded, database, jdbc -> new LeaseRows(jdbc).deleteExpiredBefore(now.minusSeconds(1)));

        assertThat(recorded.statements()).as("statements of the purge").hasSize(1);
        assertThat(resourcesOf(database, 31) + resourcesOf(database, 32)).isZero();
        assertThat(leases(database, 31) + leases(database, 32)).isZero();
    }

    /** Writes {@code leases} in one transaction, then forgets what that prepared. */
    private static Recorded written(String database, Lease... leases) throws SQLException {
        Recorded recorded = new Recorded(source(database));
        transact(recorded, database, jdbc -> Arrays.stream(leases).forEach(new LeaseRows(jdbc)::insert));
        recorded.clear();
        return recorded;
    }

    /** A lease created an hour before it expires, on {@code resources} tables. */
    private static Lease lease(long id, long transaction, int resources, Instant expireTime) {
        Instant created = expireTime.minus(1, ChronoUnit.HOURS);
        return new Lease(
                id,
                IntStream.range(0, resources)
                        .mapToObj(i -> new Lease.Resource("db", "t" + i, Lease.Mode.EXCLUSIVE, "hive"))
                        .toList(),
                "holder",
                Lease.State.ACQUIRED,
                created,
                Optional.of(created),
                expireTime,
                Duration.ofHours(1),
                transaction);
    }

    private static void transact(Recorded recorded, String database, Consumer<Jdbc> work) throws SQLException {
        try (TransactionConnection connection = new TransactionConnection(recorded.source(), false)) {
            Jdbc jdbc = new Jdbc(connection, database.equals("h2") ? new H2Dialect() : new PostgresDialect());
            connection.get().setAutoCommit(false);
            work.accept(jdbc);
            jdbc.commit();
        }
    }

    private static long resourcesOf(String database, long lease) throws SQLException {
        return count(database, "SELECT COUNT(*) FROM lease_resources WHERE lease_id = ?", lease);
    }

    private static long leases(String database, long lease) throws SQLException {
        return count(database, "SELECT COUNT(*) FROM leases WHERE id = ?", lease);
    }

    private static long count(String database, String sql, long id) throws SQLException {
        try (Connection connection = source(database).getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setLong(1, id);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static DataSource source(String database) {
        return database.equals("h2") ? h2 : postgresql;
    }

    /** The SQL texts prepared on the connections of a data source, as the store hands them to the driver. */
    private static final class Recorded {

        private final List<String> texts = new ArrayList<>();
        private final DataSource source;

        Recorded(DataSource target) {
            this.source = proxy(DataSource.class, target, (method, args, result) -> {
                if (method.getName().equals("getConnection")) {
                    return proxy(Connection.class, (Connection) result, (called, calledWith, returned) -> {
                        if (called.getName().equals("prepareStatement")) {
                            texts.add((String) calledWith[0]);
                        }
                        return returned;
                    });
                }
                return result;
            });
        }

        DataSource source() {
            return source;
        }

        /** The statements prepared since {@link #clear}, COMMIT left out; a text of several counts each. */
        List<String> statements() {
            return texts.stream()
                    .flatMap(text -> Arrays.stream(text.split(";")))
                    .map(String::strip)
                    .filter(sql -> !sql.isEmpty() && !sql.equalsIgnoreCase("COMMIT"))
                    .toList();
        }

        void clear() {
            texts.clear();
        }

        private interface After {
            Object seen(Method method, Object[] args, Object result);
        }

        private static <T> T proxy(Class<T> type, T target, After after) {
            return type.cast(Proxy.newProxyInstance(
                    LeaseReleaseStatementsTest.class.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                        try {
                            return after.seen(method, args, method.invoke(target, args));
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    }));
        }
    }
}

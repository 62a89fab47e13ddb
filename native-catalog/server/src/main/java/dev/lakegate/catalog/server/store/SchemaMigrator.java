package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the database to the newest schema by running, in order, the scripts it has not run yet,
 * recording each in {@code schema_version}. All of it happens in one transaction under the
 * dialect's migration lock, so that two processes starting at once apply each script once (H2
 * commits DDL as it goes, but only one process can open an H2 file).
 */
final class SchemaMigrator {

    /** Every migration, in order; each dialect has a script {@code V<version>__<name>.sql} for each. */
    static final List<Migration> MIGRATIONS = List.of(
            new Migration(1, "catalog"),
            new Migration(2, "store_identity"),
            new Migration(3, "runtime_statistics"),
            new Migration(4, "constraints"),
            new Migration(5, "catalogs"),
            new Migration(6, "scheduled_queries"),
            new Migration(7, "opaque_objects"),
            new Migration(8, "acid_transactions"),
            new Migration(9, "acid_write_ids"),
            new Migration(10, "transaction_leases"),
            new Migration(11, "catalog_keys"),
            new Migration(12, "acid_writes"),
            new Migration(13, "compaction_queue"),
            new Migration(14, "acid_housekeeping"),
            new Migration(15, "compaction_metrics"),
            new Migration(16, "materialized_views_of_transactions"),
            new Migration(17, "acid_write_notifications"),
            new Migration(18, "materialized_view_source_counts"),
            new Migration(19, "roles"),
            new Migration(20, "privileges"),
            new Migration(21, "hive_table_ids"),
            new Migration(22, "acid_lowest_open_seen"),
            new Migration(23, "acid_replicated_transactions"),
            new Migration(24, "acid_write_notifications_by_age"),
            new Migration(25, "access_version"),
            new Migration(26, "lake_statistics"),
            new Migration(27, "acid_compactor_writes"),
            new Migration(28, "lease_resources_of_leases"));

    private static final Logger log = LoggerFactory.getLogger(SchemaMigrator.class);

    record Migration(int version, String name) {
        String script(SqlDialect dialect) {
            return dialect.migrations() + "/V" + version + "__" + name + ".sql";
        }
    }

    private final SqlDialect dialect;
    private final int lastVersion;

    SchemaMigrator(SqlDialect dialect) {
        this(dialect, Integer.MAX_VALUE);
    }

    /** Stops after {@code lastVersion}: for tests of how a migration treats rows written before it. */
    SchemaMigrator(SqlDialect dialect, int lastVersion) {
        this.dialect = requireNonNull(dialect, "dialect is null");
        this.lastVersion = lastVersion;
    }

    /** Returns the schema version the database has now. */
    int migrate(DataSource dataSource) throws SQLException {
        // Two stores of one JVM opening the same H2 file would otherwise both see version 0.
        synchronized (SchemaMigrator.class) {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(false);
                try {
                    int version = migrate(connection);
                    connection.commit();
                    return version;
                } catch (SQLException | RuntimeException e) {
                    connection.rollback();
                    throw e;
                }
            }
        }
    }

    private int migrate(Connection connection) throws SQLException {
        dialect.lockForMigration(connection);
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                    + "version INT PRIMARY KEY, name VARCHAR(200) NOT NULL, applied_at TIMESTAMP NOT NULL)");
        }
        // Versions are applied by what is recorded, not up to the highest: branches take numbers ahead of
        // one another, and a store may have run a later number before an earlier one was merged in.
        Set<Integer> applied = appliedVersions(connection);
        int current = applied.stream().mapToInt(Integer::intValue).max().orElse(0);
        for (Migration migration : MIGRATIONS) {
            if (applied.contains(migration.version()) || migration.version() > lastVersion) {
                continue;
            }
            log.info("applying catalog schema migration {} ({})", migration.version(), dialect.name());
            try (Statement statement = connection.createStatement()) {
                for (String sql : statements(load(migration.script(dialect)))) {
                    statement.execute(sql);
                }
            }
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, CURRENT_TIMESTAMP)")) {
                insert.setInt(1, migration.version());
                insert.setString(2, migration.name());
                insert.executeUpdate();
            }
            current = Math.max(current, migration.version());
        }
        return current;
    }

    private static Set<Integer> appliedVersions(Connection connection) throws SQLException {
        Set<Integer> versions = new HashSet<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT version FROM schema_version")) {
            while (rows.next()) {
                versions.add(rows.getInt(1));
            }
        }
        return versions;
    }

    private static String load(String resource) {
        try (InputStream in = SchemaMigrator.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing schema migration " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read schema migration " + resource, e);
        }
    }

    /** Our scripts end each statement with a semicolon at the end of a line and use only line comments. */
    static List<String> statements(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : script.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("--")) {
                continue;
            }
            current.append(line).append('\n');
            if (trimmed.endsWith(";")) {
                statements.add(current.substring(0, current.lastIndexOf(";")));
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            statements.add(current.toString());
        }
        return statements;
    }
}

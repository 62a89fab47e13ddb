package dev.lakegate.catalog.server.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;
import java.util.UUID;

/**
 * A fresh database on the test PostgreSQL server (system properties {@code lakegate.test.postgres.url}
 * and {@code lakegate.test.postgres.user}), dropped on close, so that suites never see each other's rows.
 */
public final class PostgresTestDatabase implements AutoCloseable {

    private static final String DEFAULT_URL = "jdbc:postgresql://127.0.0.1:5432/postgres";

    private final String adminUrl;
    private final String user;
    private final String name;

    private PostgresTestDatabase(String adminUrl, String user, String name) {
        this.adminUrl = adminUrl;
        this.user = user;
        this.name = name;
    }

    public static PostgresTestDatabase create() {
        String adminUrl = System.getProperty("lakegate.test.postgres.url", DEFAULT_URL);
        String user = System.getProperty("lakegate.test.postgres.user", "postgres");
        String name = "lakegate_test_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);
        PostgresTestDatabase database = new PostgresTestDatabase(adminUrl, user, name);
        database.execute("CREATE DATABASE " + name);
        return database;
    }

    public String name() {
        return name;
    }

    public String user() {
        return user;
    }

    public String password() {
        return "";
    }

    /** The admin URL with its database replaced by this one, parameters kept. */
    public String jdbcUrl() {
        int query = adminUrl.indexOf('?');
        String base = query < 0 ? adminUrl : adminUrl.substring(0, query);
        String parameters = query < 0 ? "" : adminUrl.substring(query);
        return base.substring(0, base.lastIndexOf('/') + 1) + name + parameters;
    }

    /**
     * Cancels the statements of this database that wait for a lock, as an administrator or a statement
     * timeout would, once there is one (polling up to {@code timeout}); returns whether one was cancelled.
     */
    public boolean cancelLockWaiter(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Connection connection = DriverManager.getConnection(adminUrl, user, "");
                PreparedStatement cancel = connection.prepareStatement(
                        "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE datname = ?"
                                + " AND wait_event_type = 'Lock'")) {
            cancel.setString(1, name);
            while (System.nanoTime() < deadline) {
                try (ResultSet cancelled = cancel.executeQuery()) {
                    if (cancelled.next()) {
                        return true;
                    }
                }
                Thread.sleep(20);
            }
            return false;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot cancel the lock waiters of " + name, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    private void execute(String sql) {
        try (Connection connection = DriverManager.getConnection(adminUrl, user, "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot run \"" + sql + "\" on " + adminUrl, e);
        }
    }
}

package dev.lakegate.realhms;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * A database of its own on a PostgreSQL server, created for one run and dropped on close: for a real HMS or a
 * gateway that keeps its metadata there. The caller brings PostgreSQL's JDBC driver.
 */
public final class ScratchPostgres implements AutoCloseable {

    private final String adminUrl;
    private final String user;
    private final String password;
    private final String name;

    private ScratchPostgres(String adminUrl, String user, String password, String name) {
        this.adminUrl = adminUrl;
        this.user = user;
        this.password = password;
        this.name = name;
    }

    /** {@code adminUrl} names a database the user may connect to and run CREATE DATABASE from. */
    public static ScratchPostgres create(String adminUrl, String user, String password) {
        String name = "lakegate_scratch_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);
        ScratchPostgres database = new ScratchPostgres(adminUrl, user, password, name);
        database.execute("CREATE DATABASE " + name);
        return database;
    }

    public String name() {
        return name;
    }

    /** The admin URL with its database replaced by this one, parameters kept. */
    public String jdbcUrl() {
        int query = adminUrl.indexOf('?');
        String base = query < 0 ? adminUrl : adminUrl.substring(0, query);
        String parameters = query < 0 ? "" : adminUrl.substring(query);
        return base.substring(0, base.lastIndexOf('/') + 1) + name + parameters;
    }

    /** The server's version, as {@code SHOW server_version} reports it. */
    public String serverVersion() {
        try (Connection connection = DriverManager.getConnection(adminUrl, user, password);
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SHOW server_version")) {
            result.next();
            return result.getString(1).split(" ")[0];
        } catch (SQLException e) {
            throw new IllegalStateException("cannot ask " + adminUrl + " for its version", e);
        }
    }

    @Override
    public void close() {
        execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    private void execute(String sql) {
        try (Connection connection = DriverManager.getConnection(adminUrl, user, password);
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot run \"" + sql + "\" on " + adminUrl, e);
        }
    }
}

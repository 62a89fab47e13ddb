package dev.lakegate.enginetests.trino;

import dev.lakegate.realhms.EngineStatementFailed;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Statements sent to Trino over JDBC, each one's outcome kept for the statements report: what ran, how long
 * it took, and Trino's error when it failed (which for a metastore call names the Thrift error it got).
 */
final class TrinoSql {

    /** One statement as it went. */
    record Outcome(String step, String sql, boolean passed, long millis, String error) {}

    private final Connection connection;
    private final List<Outcome> outcomes = new ArrayList<>();
    private String step = "";

    TrinoSql(Connection connection) {
        this.connection = connection;
    }

    void startStep(String name) {
        step = name;
    }

    List<Outcome> outcomes() {
        return List.copyOf(outcomes);
    }

    /** Runs a statement that returns no rows to check (DDL, INSERT, DELETE, ...). */
    void execute(String sql) {
        query(sql);
    }

    /** Runs a statement and returns its rows, each value as JDBC's {@code getObject} gives it. */
    List<List<Object>> query(String sql) {
        long t0 = System.nanoTime();
        try (Statement statement = connection.createStatement()) {
            List<List<Object>> rows = new ArrayList<>();
            if (statement.execute(sql)) {
                try (ResultSet resultSet = statement.getResultSet()) {
                    ResultSetMetaData meta = resultSet.getMetaData();
                    while (resultSet.next()) {
                        List<Object> row = new ArrayList<>();
                        for (int i = 1; i <= meta.getColumnCount(); i++) {
                            row.add(resultSet.getObject(i));
                        }
                        rows.add(row);
                    }
                }
            }
            outcomes.add(new Outcome(step, sql, true, millisSince(t0), ""));
            return rows;
        } catch (SQLException e) {
            EngineStatementFailed failed = new EngineStatementFailed("Trino", sql, e.getMessage(), e);
            outcomes.add(new Outcome(step, sql, false, millisSince(t0), failed.getMessage()));
            throw failed;
        }
    }

    /** The first column of every row. */
    List<Object> column(String sql) {
        return query(sql).stream().map(row -> row.get(0)).toList();
    }

    /** The single value a query returns. */
    Object value(String sql) {
        List<List<Object>> rows = query(sql);
        if (rows.size() != 1 || rows.get(0).size() != 1) {
            throw new AssertionError("expected one value from `" + sql + "`, got " + rows);
        }
        return rows.get(0).get(0);
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }
}

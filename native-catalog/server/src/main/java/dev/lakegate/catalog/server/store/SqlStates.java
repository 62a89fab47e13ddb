package dev.lakegate.catalog.server.store;

import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The SQLSTATEs of an exception and of what it chains: batch failures report the real cause in
 * the next exception (PostgreSQL) or in the cause (H2).
 */
final class SqlStates {

    private SqlStates() {}

    static Set<String> of(SQLException exception) {
        Set<String> states = new LinkedHashSet<>();
        Throwable current = exception;
        for (int depth = 0; current != null && depth < 10; depth++) {
            if (current instanceof SQLException sql) {
                if (sql.getSQLState() != null) {
                    states.add(sql.getSQLState());
                }
                SQLException next = sql.getNextException();
                current = next != null ? next : sql.getCause();
            } else {
                current = current.getCause();
            }
        }
        return states;
    }
}

package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Map;
import java.util.Set;

/** What a database failure that the store cannot handle means to callers: the one mapping. */
final class SqlErrors {

    private SqlErrors() {}

    static CatalogException translate(SQLException exception, String dialect) {
        String states = String.join(",", SqlStates.of(exception));
        if (unavailable(exception)) {
            return new CatalogException(
                    ErrorCode.STORE_UNAVAILABLE,
                    "catalog database (" + dialect + ") is unavailable: " + exception.getMessage(),
                    Map.of("sqlState", states),
                    exception);
        }
        return new CatalogException(
                ErrorCode.INTERNAL_ERROR,
                "catalog database (" + dialect + ") failed: " + exception.getMessage(),
                Map.of("sqlState", states),
                exception);
    }

    /** Contention that outlasted the retries is transient: the caller may try again later. */
    static CatalogException retriesExhausted(SQLException exception, String dialect, int attempts) {
        return new CatalogException(
                ErrorCode.STORE_UNAVAILABLE,
                "catalog database (" + dialect + ") reported a deadlock or serialization failure " + attempts
                        + " times: " + exception.getMessage(),
                Map.of("sqlState", String.join(",", SqlStates.of(exception))),
                exception);
    }

    /** Class 08 (connection), 53 (insufficient resources), 57P (server shutting down), HYT00 (timeout). */
    private static boolean unavailable(SQLException exception) {
        if (exception instanceof SQLTransientConnectionException) {
            return true;
        }
        Set<String> states = SqlStates.of(exception);
        return states.stream()
                .anyMatch(state -> state.startsWith("08")
                        || state.startsWith("53")
                        || state.startsWith("57P")
                        || state.equals("HYT00"));
    }
}

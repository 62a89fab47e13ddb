package dev.lakegate.launcher;

import dev.lakegate.catalog.server.store.StoreConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Makes the embedded H2 catalog database that this JVM has open shut itself down, as H2 does after an
 * out-of-memory error inside a statement (the 100 MB table parameter of issue 18): a connection to the
 * same database asks it to build a string larger than the heap. The store's own connections then
 * answer "The database has been closed [90098]".
 */
final class H2Breakage {

    /** Characters REPEAT is asked to build: more bytes than a test JVM's heap. */
    private static final long REPEATED = 900_000_000L;

    private H2Breakage() {}

    /** Returns H2's error code, 90108 (OUT_OF_MEMORY) when it went the way meant. */
    static int runOutOfMemoryInside(Path catalogData) {
        return failureOfOutOfMemoryInside(catalogData).getErrorCode();
    }

    static SQLException failureOfOutOfMemoryInside(Path catalogData) {
        if (Runtime.getRuntime().maxMemory() >= REPEATED) {
            throw new IllegalStateException("the heap must be smaller than the string H2 is made to build");
        }
        try (Connection connection =
                        DriverManager.getConnection(StoreConfig.h2(catalogData).jdbcUrl(), "sa", "");
                Statement statement = connection.createStatement()) {
            // Over the rows of a table (one character of each name), so that H2 evaluates it while executing,
            // where it catches the error, not while preparing the statement.
            statement.executeQuery("SELECT REPEAT(LEFT(name, 1), " + REPEATED + ") FROM namespaces");
            throw new IllegalStateException("H2 built a string of " + REPEATED + " characters");
        } catch (SQLException e) {
            return e;
        }
    }
}

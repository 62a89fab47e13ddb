package dev.lakegate.translator.error;

import static java.util.Objects.requireNonNull;

import dev.lakegate.translator.names.CatalogDbName;
import dev.lakegate.translator.names.HiveNames;
import java.util.List;

/**
 * What an HMS call was doing when the catalog failed, so that the failure can be worded as HMS
 * words it: the kind of operation and the objects it names. {@code rawDatabase} is the database
 * argument exactly as the client sent it ({@code @hive#db} from Hive 3+), which some HMS messages
 * repeat. Built with the static factories and the {@code with...} methods.
 */
public record HmsCall(
        Operation operation,
        String catalog,
        String database,
        String rawDatabase,
        String table,
        List<String> partitionValues,
        String function,
        long lockId,
        String newDatabase,
        String newTable,
        String expectedKey,
        String expectedValue) {

    public enum Operation {
        READ,
        LIST,
        CREATE,
        ALTER,
        DROP,
        ADD_PARTITIONS,
        LOCK,
        CHECK_LOCK,
        UNLOCK,
        HEARTBEAT
    }

    public HmsCall {
        requireNonNull(operation, "operation is null");
        requireNonNull(catalog, "catalog is null");
        partitionValues = partitionValues == null ? List.of() : List.copyOf(partitionValues);
    }

    public static HmsCall database(Operation operation, String database) {
        return new HmsCall(operation, "hive", database, database, null, null, null, 0, null, null, null, null);
    }

    public static HmsCall table(Operation operation, String database, String table) {
        return new HmsCall(operation, "hive", database, database, table, null, null, 0, null, null, null, null);
    }

    public static HmsCall function(Operation operation, String database, String function) {
        return new HmsCall(operation, "hive", database, database, null, null, function, 0, null, null, null, null);
    }

    /**
     * A call on the table {@code table} of the database argument {@code rawDatabase} as the client sent it
     * ({@code @cat#db} or plain): names lower-cased, the database required ("Database name cannot be null.").
     */
    public static HmsCall onTableOf(Operation operation, String rawDatabase, String table) {
        CatalogDbName parsed = CatalogDbName.parse(rawDatabase);
        String database = parsed.requireDatabase();
        return table(operation, database, HiveNames.normalize(table))
                .withRawDatabase(rawDatabase)
                .withCatalog(HiveNames.normalize(parsed.catalog()));
    }

    /**
     * A call on a table of {@code database} as sent, in the catalog a {@code @cat#} prefix names, else in
     * {@code catalogName} (a request's field; null: hive). An unparsable prefix names a database that does
     * not exist: the call keeps the text as it came.
     */
    public static HmsCall onTableIn(Operation operation, String catalogName, String database, String table) {
        String catalogOf = catalogName == null ? HiveNames.DEFAULT_CATALOG : catalogName;
        String databaseOf = database;
        try {
            if (database != null && database.startsWith("@")) {
                CatalogDbName parsed = CatalogDbName.parse(database);
                catalogOf = parsed.catalog();
                databaseOf = parsed.database();
            }
        } catch (HmsFailure e) {
            // keep the raw text, as the javadoc says
        }
        return table(operation, databaseOf, table).withRawDatabase(database).withCatalog(catalogOf);
    }

    /** A call on the database argument as sent, worded without its {@code @cat#} prefix where it parses. */
    public static HmsCall onDatabase(Operation operation, String raw) {
        try {
            CatalogDbName parsed = CatalogDbName.parse(raw);
            return database(operation, parsed.database()).withRawDatabase(raw).withCatalog(parsed.catalog());
        } catch (HmsFailure e) {
            return database(operation, raw);
        }
    }

    public static HmsCall lock(Operation operation, long lockId) {
        return new HmsCall(operation, "hive", null, null, null, null, null, lockId, null, null, null, null);
    }

    public HmsCall withRawDatabase(String raw) {
        return new HmsCall(
                operation,
                catalog,
                database,
                raw,
                table,
                partitionValues,
                function,
                lockId,
                newDatabase,
                newTable,
                expectedKey,
                expectedValue);
    }

    public HmsCall withCatalog(String name) {
        return new HmsCall(
                operation,
                name,
                database,
                rawDatabase,
                table,
                partitionValues,
                function,
                lockId,
                newDatabase,
                newTable,
                expectedKey,
                expectedValue);
    }

    public HmsCall withPartition(List<String> values) {
        return new HmsCall(
                operation,
                catalog,
                database,
                rawDatabase,
                table,
                values,
                function,
                lockId,
                newDatabase,
                newTable,
                expectedKey,
                expectedValue);
    }

    /** An alter_table that renames the table to {@code database.table}. */
    public HmsCall withRename(String database, String table) {
        return new HmsCall(
                operation,
                catalog,
                this.database,
                rawDatabase,
                this.table,
                partitionValues,
                function,
                lockId,
                database,
                table,
                expectedKey,
                expectedValue);
    }

    /** An alter_table with {@code expected_parameter_key}/{@code expected_parameter_value} in its context. */
    public HmsCall withExpectedParameter(String key, String value) {
        return new HmsCall(
                operation,
                catalog,
                database,
                rawDatabase,
                table,
                partitionValues,
                function,
                lockId,
                newDatabase,
                newTable,
                key,
                value);
    }

    /** {@code cat.db.tbl}, as HMS names a table in messages. */
    public String qualifiedTable() {
        return HiveNames.qualified(catalog, database, table);
    }
}

package dev.lakegate.translator.error;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What an HMS call was doing when the catalog failed, so that the failure can be worded as HMS
 * words it: the kind of operation and the objects it names. {@code rawDatabase} is the database
 * argument exactly as the client sent it ({@code @hive#db} from Hive 3+), which some HMS messages
 * repeat. Built with the static factories and the {@code with...} methods.
 */
public record HmsCall(Operation operation, String catalog, String database, String rawDatabase, String table,
        List<String> partitionValues, String function, long lockId, String newDatabase, String newTable,
        String expectedKey, String expectedValue) {

    public enum Operation { READ, LIST, CREATE, ALTER, DROP, ADD_PARTITIONS, LOCK, CHECK_LOCK, UNLOCK, HEARTBEAT }

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

    public static HmsCall lock(Operation operation, long lockId) {
        return new HmsCall(operation, "hive", null, null, null, null, null, lockId, null, null, null, null);
    }

    public HmsCall withRawDatabase(String raw) {
        return new HmsCall(operation, catalog, database, raw, table, partitionValues, function, lockId, newDatabase,
                newTable, expectedKey, expectedValue);
    }

    public HmsCall withCatalog(String name) {
        return new HmsCall(operation, name, database, rawDatabase, table, partitionValues, function, lockId,
                newDatabase, newTable, expectedKey, expectedValue);
    }

    public HmsCall withPartition(List<String> values) {
        return new HmsCall(operation, catalog, database, rawDatabase, table, values, function, lockId, newDatabase,
                newTable, expectedKey, expectedValue);
    }

    /** An alter_table that renames the table to {@code database.table}. */
    public HmsCall withRename(String database, String table) {
        return new HmsCall(operation, catalog, this.database, rawDatabase, this.table, partitionValues, function,
                lockId, database, table, expectedKey, expectedValue);
    }

    /** An alter_table with {@code expected_parameter_key}/{@code expected_parameter_value} in its context. */
    public HmsCall withExpectedParameter(String key, String value) {
        return new HmsCall(operation, catalog, database, rawDatabase, table, partitionValues, function, lockId,
                newDatabase, newTable, key, value);
    }

    String qualifiedTable() {
        return catalog + "." + database + "." + table;
    }
}

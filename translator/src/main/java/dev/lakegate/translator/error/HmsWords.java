package dev.lakegate.translator.error;

import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.UnknownDBException;
import org.apache.hadoop.hive.metastore.api.UnknownTableException;

/**
 * HMS's words for the failures that several calls share, each named once for the HMS code path that
 * says it (HMS 4.0.1), with the exception kinds that fit it, best first. Clients parse some of these
 * messages, so a wording is changed here or nowhere. Failures that one call alone reports stay beside it.
 */
public final class HmsWords {

    private HmsWords() {}

    /** ObjectStore.getDatabase: {@code database cat.db}. */
    public static HmsFailure noSuchDatabase(String catalog, String database) {
        return HmsFailure.of(
                "database " + catalog + "." + database,
                NoSuchObjectException.class,
                UnknownDBException.class,
                InvalidOperationException.class,
                MetaException.class);
    }

    /** ObjectStore.getTableObjectsByName on a missing database. */
    public static HmsFailure couldNotFindDatabase(String catalog, String database) {
        String qualified = catalog + "." + database;
        return HmsFailure.of(
                "Could not find database " + qualified + ": database " + qualified,
                UnknownDBException.class,
                MetaException.class);
    }

    /** HMSHandler.drop_database_core: {@code what} is "tables" or "functions". */
    public static HmsFailure databaseNotEmpty(String database, String what) {
        return HmsFailure.of(
                "Database " + database + " is not empty. One or more " + what + " exist.",
                InvalidOperationException.class,
                MetaException.class);
    }

    public static HmsFailure databaseAlreadyExists(String database) {
        return HmsFailure.of(
                "Database " + database + " already exists", AlreadyExistsException.class, MetaException.class);
    }

    /**
     * HMSHandler.get_table_core and the calls that look a table up by name: {@code <name> table not found},
     * where {@code name} is what that call names the table by ({@code cat.db.tbl}, {@code db.tbl} or the table).
     */
    public static HmsFailure tableNotFound(String name) {
        return HmsFailure.of(
                tableNotFoundMessage(name),
                NoSuchObjectException.class,
                UnknownTableException.class,
                InvalidOperationException.class,
                MetaException.class);
    }

    /** ObjectStore's GetHelper (listings, statistics) on a missing table. */
    public static HmsFailure specifiedTableDoesNotExist(String qualified) {
        return HmsFailure.of(
                "Specified catalog.database.table does not exist : " + qualified,
                NoSuchObjectException.class,
                MetaException.class);
    }

    /**
     * ObjectStore's statistics writes and deletes on a missing table: {@code <name> table not found},
     * reported as an invalid object.
     */
    public static HmsFailure statisticsTableNotFound(String name) {
        return HmsFailure.of(tableNotFoundMessage(name), InvalidObjectException.class, MetaException.class);
    }

    private static String tableNotFoundMessage(String name) {
        return name + " table not found";
    }

    /** ObjectStore.addPartition(s) when the table or its database is missing. */
    public static HmsFailure noTableToAddPartitionTo() {
        return HmsFailure.of(
                "Unable to add partition because table or database do not exist",
                InvalidObjectException.class,
                MetaException.class);
    }

    /** ObjectStore.getPartition (reads and drops of one partition by values) on a missing table. */
    public static HmsFailure tableOfPartitionDoesNotExist(String qualified) {
        return HmsFailure.of(
                "Unable to get partition because " + qualified + " does not exist",
                NoSuchObjectException.class,
                MetaException.class);
    }

    public static HmsFailure tableAlreadyExists(String qualified) {
        return HmsFailure.of(
                "Table " + qualified + " already exists", AlreadyExistsException.class, MetaException.class);
    }

    /** HiveAlterHandler: a rename onto a table that exists. */
    public static HmsFailure renamedTableExists(String database, String table) {
        return HmsFailure.of(
                "new table " + database + "." + table + " already exists",
                InvalidOperationException.class,
                AlreadyExistsException.class,
                MetaException.class);
    }

    /** ObjectStore.getPartition: {@code partition values=[...]}. */
    public static HmsFailure partitionNotFound(Object values) {
        return HmsFailure.of(
                "partition values=" + values,
                NoSuchObjectException.class,
                InvalidOperationException.class,
                InvalidObjectException.class,
                MetaException.class);
    }

    /** ObjectStore.addPartitions: the partition as the client sent it (or its values). */
    public static HmsFailure partitionAlreadyExists(Object partition) {
        return HmsFailure.of(
                "Partition already exists: " + partition, AlreadyExistsException.class, MetaException.class);
    }

    /** HMSHandler.append_partition_common, without the blank of ObjectStore's wording. */
    public static HmsFailure appendedPartitionExists(Object partition) {
        return HmsFailure.of(
                "Partition already exists:" + partition, AlreadyExistsException.class, MetaException.class);
    }
}

package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * What a writer of Hive's transactions reported of one write (HMS's TXN_WRITE_NOTIFICATION_LOG row): the
 * transaction and its write id of the table, the place written ({@code partition} is Hive's partition name, ""
 * for an unpartitioned table), the table and partition as the writer's metastore saw them (Thrift JSON, kept
 * as given), and the files written (Hive's "]"-joined list, kept as given).
 */
public record AcidWriteNotification(
        long transactionId,
        long writeId,
        TableIdentifier table,
        String partition,
        String tableObject,
        Optional<String> partitionObject,
        String files) {

    /** How Hive joins the files of several reports of one place (ReplChangeManager's separator). */
    public static final String FILES_SEPARATOR = "]";

    public AcidWriteNotification {
        requireNonNull(table, "table is null");
        requireNonNull(partition, "partition is null");
        requireNonNull(tableObject, "tableObject is null");
        requireNonNull(partitionObject, "partitionObject is null");
        requireNonNull(files, "files is null");
    }

    /** This report with the files of an earlier one of its place after its own, as HMS's listener merges them. */
    public AcidWriteNotification after(String earlierFiles) {
        return new AcidWriteNotification(
                transactionId,
                writeId,
                table,
                partition,
                tableObject,
                partitionObject,
                files + FILES_SEPARATOR + earlierFiles);
    }
}

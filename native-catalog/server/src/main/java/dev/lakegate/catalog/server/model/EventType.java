package dev.lakegate.catalog.server.model;

public enum EventType {
    NAMESPACE_CREATED,
    NAMESPACE_UPDATED,
    NAMESPACE_DELETED,
    TABLE_CREATED,
    TABLE_COMMITTED,
    TABLE_DELETED,
    PARTITIONS_ADDED,
    PARTITIONS_UPDATED,
    PARTITIONS_DELETED,
    STATISTICS_UPDATED,
    STATISTICS_DELETED,
    FUNCTION_CREATED,
    FUNCTION_UPDATED,
    FUNCTION_DELETED,
    DATA_INSERTED,
    ACID_OPENED,
    ACID_COMMITTED,
    ACID_ABORTED,
    ACID_WRITE_IDS_ALLOCATED,
    /** An event of another metastore's log, kept as that metastore wrote it ({@link EventChange.Foreign}). */
    FOREIGN
}

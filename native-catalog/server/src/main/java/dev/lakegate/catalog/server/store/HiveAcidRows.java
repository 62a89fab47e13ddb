package dev.lakegate.catalog.server.store;

/** The rows of Hive's ACID machinery that one store transaction works on, over its connection. */
record HiveAcidRows(
        AcidTransactionRows transactions,
        AcidWriteIdRows writeIds,
        AcidWriteRows writes,
        CompactionQueueRows compactionQueue) {

    HiveAcidRows(Jdbc jdbc) {
        this(
                new AcidTransactionRows(jdbc),
                new AcidWriteIdRows(jdbc),
                new AcidWriteRows(jdbc),
                new CompactionQueueRows(jdbc));
    }
}

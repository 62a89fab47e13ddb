package dev.lakegate.catalog.server.model;

import java.util.Set;

/**
 * What a reader saw of Hive's transactions when it began (Hive's {@code ValidTxnList}): every id up to
 * {@code highWaterMark} had been given, and of those the {@code open} and {@code aborted} ones had not
 * committed. Ids above the high-water mark were given later and count as open.
 */
public record AcidSnapshot(long highWaterMark, Set<Long> open, Set<Long> aborted) {

    public AcidSnapshot {
        open = Set.copyOf(open);
        aborted = Set.copyOf(aborted);
    }

    /** Whether the transaction had committed for this reader. */
    public boolean committed(long transactionId) {
        return transactionId <= highWaterMark && !open.contains(transactionId) && !aborted.contains(transactionId);
    }

    /**
     * What the transaction {@code transactionId} saw had it read now with its own writes committed (HMS 4's
     * createValidReadTxnList with a current transaction): the ids up to it, and the open and aborted ones below it.
     */
    public AcidSnapshot asOf(long transactionId) {
        return new AcidSnapshot(
                Math.min(transactionId, highWaterMark),
                open.stream().filter(id -> id < transactionId).collect(java.util.stream.Collectors.toSet()),
                aborted.stream().filter(id -> id < transactionId).collect(java.util.stream.Collectors.toSet()));
    }

    public boolean aborted(long transactionId) {
        return aborted.contains(transactionId);
    }
}

package dev.lakegate.catalog.server.model;

/**
 * What one step of the transaction table's housekeeping did: transactions past their ttl it aborted, and
 * committed and aborted ones it forgot, rebuild locks of materialized views it released, write ids no
 * reader needs that it forgot, writers' reports of their writes past their ttl that it forgot, and records
 * of compactors' writes whose transactions committed or are gone.
 */
public record AcidSweep(
        int expired,
        int committed,
        int aborted,
        int rebuildLocks,
        int writeIds,
        int writeReports,
        int compactorWrites) {

    /** Whether a part did as much as a step may, and so may have more to do. */
    public boolean more(int step) {
        return expired >= step
                || committed >= step
                || aborted >= step
                || rebuildLocks >= step
                || writeIds >= step
                || writeReports >= step
                || compactorWrites >= step;
    }
}

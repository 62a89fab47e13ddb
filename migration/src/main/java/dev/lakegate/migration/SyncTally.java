package dev.lakegate.migration;

/**
 * What one pass over a database wrote to the side it was copying to: objects created, changed to
 * match, and dropped (a table or partition only that side had; its data is kept).
 */
public record SyncTally(
        int tablesCreated,
        int tablesChanged,
        int tablesDropped,
        long partitionsAdded,
        long partitionsChanged,
        long partitionsDropped,
        int statistics,
        int functions) {}

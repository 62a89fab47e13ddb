package dev.lakegate.migration;

/** Which way a database moves between the two sides. */
public enum Direction {
    /** From the legacy metastore to the catalog. */
    CUTOVER,
    /** From the catalog back to the legacy metastore, with what changed in the catalog. */
    ROLLBACK
}

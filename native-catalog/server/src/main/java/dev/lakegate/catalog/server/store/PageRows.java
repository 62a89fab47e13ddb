package dev.lakegate.catalog.server.store;

import java.util.List;

/**
 * The rows of one page as the store read them, and whether it stopped at the page's size in bytes
 * ({@link #MAX_BYTES}) before the number of rows asked for: then more rows may follow, however few were
 * read. A page always holds at least one row when there is one, whatever its size (what one object may
 * hold is bounded where it is written).
 */
public record PageRows<T>(List<T> rows, boolean cutBySize) {

    /**
     * The bytes (UTF-8) of stored text one page may read: 16 MiB, some tens of MB of heap once decoded.
     * Counts alone (1,000 tables, 10,000 partitions) let a page of large objects take gigabytes.
     */
    public static final long MAX_BYTES = 16L * 1024 * 1024;

    public PageRows {
        rows = List.copyOf(rows);
    }

    /** Rows of a read that was never cut short (names, keys: bounded by the name limits). */
    public static <T> PageRows<T> whole(List<T> rows) {
        return new PageRows<>(rows, false);
    }
}

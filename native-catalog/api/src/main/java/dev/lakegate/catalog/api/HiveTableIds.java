package dev.lakegate.catalog.api;

import java.util.UUID;

/**
 * The numeric id HMS 4 clients know a table by ({@code Table.id}; commit_txn's key value names a table by it):
 * a positive long folded from the native table's UUID, stable for the life of the table and different for a
 * table dropped and created again, which is what Hive 4 uses it to tell apart. The facade answers it and the
 * server stores it beside each table, so both must fold alike: here, once. The store's schema migration that
 * filled it for the tables that existed before folds the same in SQL.
 */
public final class HiveTableIds {

    private HiveTableIds() {}

    public static long of(UUID id) {
        long folded = (id.getMostSignificantBits() ^ id.getLeastSignificantBits()) & Long.MAX_VALUE;
        return folded == 0 ? 1 : folded;
    }
}

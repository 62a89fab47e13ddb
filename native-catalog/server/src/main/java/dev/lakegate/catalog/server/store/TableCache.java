package dev.lakegate.catalog.server.store;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.Optional;
import java.util.UUID;

/**
 * Decoded table documents, only ever read from committed state. By id, each valid for exactly one
 * version: a read still asks the database for the table's current version (so processes sharing it
 * never see a stale table), but skips fetching and decoding the document when that version is here:
 * work a GetTable of an unchanged table need not repeat. By name, each valid while {@link LocalWrites}
 * says nothing was written since it was read: a database only this JVM writes is then not asked at
 * all, since nobody else can have changed it.
 */
final class TableCache {

    private static final int MAX_TABLES = 20_000;

    private final Cache<UUID, Table> tables =
            CacheBuilder.newBuilder().maximumSize(MAX_TABLES).build();
    private final Cache<TableIdentifier, Current> current =
            CacheBuilder.newBuilder().maximumSize(MAX_TABLES).build();

    private record Current(Table table, long writes) {}

    Optional<Table> find(UUID id, long version) {
        Table table = tables.getIfPresent(id);
        return table != null && table.version() == version ? Optional.of(table) : Optional.empty();
    }

    /** The table of this name as it was when {@code writes} writes had been made, if it was read then. */
    Optional<Table> findCurrent(TableIdentifier identifier, long writes) {
        Current known = current.getIfPresent(identifier);
        return known != null && known.writes() == writes ? Optional.of(known.table()) : Optional.empty();
    }

    void remember(Table table) {
        Table cached = tables.getIfPresent(table.id());
        if (cached == null || cached.version() < table.version()) {
            tables.put(table.id(), table.withoutSnapshots());
        }
    }

    /** {@code table} was read under this name with no write in flight, {@code writes} writes having been made. */
    void rememberCurrent(TableIdentifier identifier, Table table, long writes) {
        current.put(identifier, new Current(table.withoutSnapshots(), writes));
    }

    /** After the database was reopened: what it holds now is what counts, whatever was read before. */
    void forgetAll() {
        tables.invalidateAll();
        current.invalidateAll();
    }
}

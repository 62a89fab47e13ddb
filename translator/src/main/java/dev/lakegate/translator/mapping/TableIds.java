package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.api.HiveTableIds;
import java.util.UUID;

/**
 * The HMS 4 table id ({@code Table.id}, {@code GetTableRequest.id}) of a native table, as {@link HiveTableIds}
 * folds it from the table's UUID; 0 for a table without one.
 */
public final class TableIds {

    private TableIds() {}

    public static long fromUuid(String uuid) {
        if (uuid == null || uuid.isEmpty()) {
            return 0;
        }
        return HiveTableIds.of(UUID.fromString(uuid));
    }
}

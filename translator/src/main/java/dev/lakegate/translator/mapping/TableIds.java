package dev.lakegate.translator.mapping;

import java.util.UUID;

/**
 * The HMS 4 table id ({@code Table.id}, {@code GetTableRequest.id}): a positive long derived from the
 * native table's UUID, stable for the life of the table and different for a table dropped and
 * created again, which is what Hive 4 uses it to tell apart.
 */
public final class TableIds {

    private TableIds() {}

    public static long fromUuid(String uuid) {
        if (uuid == null || uuid.isEmpty()) {
            return 0;
        }
        UUID id = UUID.fromString(uuid);
        long folded = (id.getMostSignificantBits() ^ id.getLeastSignificantBits()) & Long.MAX_VALUE;
        return folded == 0 ? 1 : folded;
    }
}

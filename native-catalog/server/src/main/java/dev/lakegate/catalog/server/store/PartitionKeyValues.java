package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.PartitionKey;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** One row per partition and key, which partition filters join on. */
final class PartitionKeyValues {

    private static final Jdbc.Null NO_NUMBER = new Jdbc.Null(Types.BIGINT);

    private final Jdbc jdbc;

    PartitionKeyValues(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    void insert(UUID tableId, List<PartitionKey> keys, List<String> names, List<List<String>> values) {
        List<Object[]> rows = new ArrayList<>(names.size() * keys.size());
        for (int p = 0; p < names.size(); p++) {
            for (PartitionKey key : keys) {
                String value = values.get(p).get(key.index());
                rows.add(new Object[] {tableId, names.get(p), key.index(), value, number(key, value)});
            }
        }
        jdbc.batch(
                "INSERT INTO partition_key_values (table_id, part_name, key_index, string_value, long_value) "
                        + "VALUES (?, ?, ?, ?, ?)",
                rows);
    }

    void delete(UUID tableId, List<String> names) {
        jdbc.batch(
                "DELETE FROM partition_key_values WHERE table_id = ? AND part_name = ?",
                names.stream().map(name -> new Object[] {tableId, name}).toList());
    }

    void deleteAll(UUID tableId) {
        jdbc.sendLater("DELETE FROM partition_key_values WHERE table_id = ?", tableId);
    }

    /** Integral keys compare as numbers; a value that is not one (the default partition) has none. */
    private static Object number(PartitionKey key, String value) {
        if (!key.isIntegral()) {
            return NO_NUMBER;
        }
        Long parsed = parseLong(value);
        return parsed == null ? NO_NUMBER : parsed;
    }

    static Long parseLong(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

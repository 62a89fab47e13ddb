package dev.lakegate.catalog.server.store;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import com.google.common.collect.Lists;
import dev.lakegate.catalog.server.model.Partition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The deduplicated columns and storage formats of partitions. A stored storage never changes (its
 * key is a hash of its content), so decoded ones are cached across transactions by hash.
 */
final class PartitionStorages {

    private static final List<String> COLUMNS = List.of("table_id", "storage_hash", "doc");
    private static final List<String> KEY = List.of("table_id", "storage_hash");

    private final Cache<String, PartitionStorage> decoded =
            CacheBuilder.newBuilder().maximumSize(10_000).build();

    /** Stores the storages of {@code partitions} that the table lacks; returns each partition's hash. */
    List<String> store(Jdbc jdbc, UUID tableId, List<Partition> partitions) {
        Map<PartitionStorage, String> hashes = new LinkedHashMap<>();
        List<String> result = new ArrayList<>(partitions.size());
        for (Partition partition : partitions) {
            result.add(
                    hashes.computeIfAbsent(PartitionStorage.of(partition), storage -> insert(jdbc, tableId, storage)));
        }
        return result;
    }

    Map<String, PartitionStorage> load(Jdbc jdbc, UUID tableId, Set<String> hashes) {
        Map<String, PartitionStorage> found = new HashMap<>();
        List<String> missing = new ArrayList<>();
        for (String hash : hashes) {
            PartitionStorage storage = decoded.getIfPresent(hash);
            if (storage != null) {
                found.put(hash, storage);
            } else {
                missing.add(hash);
            }
        }
        for (List<String> chunk : Lists.partition(missing, Jdbc.IN_LIST_CHUNK)) {
            List<Object> parameters = new ArrayList<>();
            parameters.add(tableId);
            parameters.addAll(chunk);
            jdbc.query(
                    "SELECT storage_hash, doc FROM partition_storage WHERE table_id = ? AND storage_hash IN ("
                            + Jdbc.placeholders(chunk.size()) + ")",
                    row -> {
                        PartitionStorage storage = StoreJson.read(row.getString("doc"), PartitionStorage.class);
                        decoded.put(row.getString("storage_hash"), storage);
                        return found.put(row.getString("storage_hash"), storage);
                    },
                    parameters);
        }
        return found;
    }

    void deleteAll(Jdbc jdbc, UUID tableId) {
        jdbc.sendLater("DELETE FROM partition_storage WHERE table_id = ?", tableId);
    }

    private String insert(Jdbc jdbc, UUID tableId, PartitionStorage storage) {
        String doc = StoreJson.write(storage);
        String hash = StoreJson.sha256(doc);
        try {
            jdbc.update(jdbc.dialect().insertIfAbsent("partition_storage", COLUMNS, KEY), tableId, hash, doc);
        } catch (StoreSqlException e) {
            // H2's MERGE can still meet a concurrent insert of the same content; the row is there
            // then, which is all we need, and H2 keeps the transaction usable after a failed statement.
            if (!(jdbc.dialect() instanceof H2Dialect) || !SqlDialect.isUniqueViolation(e.sqlException())) {
                throw e;
            }
        }
        decoded.put(hash, storage);
        return hash;
    }
}

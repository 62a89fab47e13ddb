package dev.lakegate.catalog.server.store;

import com.google.common.collect.Lists;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.PartitionNames;
import dev.lakegate.catalog.server.model.PartitionQuery;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/** Partitions of Hive-format tables, named by {@link PartitionNames} and kept in name order. */
final class PartitionRows {

    private static final String FULL_COLUMNS =
            "p.part_name, p.part_values, p.location, p.parameters, p.create_time, p.last_access_time, p.storage_hash";
    private static final String VALUES_COLUMNS = "p.part_name, p.part_values";

    private final Jdbc jdbc;
    private final PartitionKeyValues keyValues;
    private final PartitionStorages storages;
    private final StatisticsRows statistics;

    PartitionRows(Jdbc jdbc, PartitionStorages storages, StatisticsRows statistics) {
        this.jdbc = jdbc;
        this.keyValues = new PartitionKeyValues(jdbc);
        this.storages = storages;
        this.statistics = statistics;
    }

    void insert(UUID tableId, List<PartitionKey> keys, List<Partition> partitions) {
        List<String> names = partitions.stream()
                .map(p -> PartitionNames.name(keys, p.values()))
                .toList();
        Set<String> distinct = new HashSet<>();
        for (String name : names) {
            if (!distinct.add(name)) {
                throw alreadyExists(name);
            }
        }
        existing(tableId, names).stream().min(Comparator.naturalOrder()).ifPresent(name -> {
            throw alreadyExists(name);
        });
        List<String> hashes = storages.store(jdbc, tableId, partitions);
        List<Object[]> rows = new ArrayList<>(partitions.size());
        for (int i = 0; i < partitions.size(); i++) {
            Partition partition = partitions.get(i);
            rows.add(new Object[] {
                tableId,
                names.get(i),
                StoreJson.write(partition.values()),
                partition.location(),
                StoreJson.write(partition.parameters()),
                partition.createTime(),
                partition.lastAccessTime(),
                hashes.get(i)
            });
        }
        try {
            jdbc.batch(
                    "INSERT INTO partitions (table_id, part_name, part_values, location, parameters, create_time, "
                            + "last_access_time, storage_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    rows);
        } catch (StoreSqlException e) {
            // Another transaction added one of them after our check.
            throw SqlDialect.isUniqueViolation(e.sqlException()) ? alreadyExists(names.get(0)) : e;
        }
        keyValues.insert(
                tableId, keys, names, partitions.stream().map(Partition::values).toList());
    }

    List<Partition> find(UUID tableId, List<PartitionKey> keys, List<List<String>> values, boolean valuesOnly) {
        List<String> names = values.stream()
                .map(v -> PartitionNames.name(keys, v))
                .distinct()
                .sorted()
                .toList();
        List<Named> found = new ArrayList<>();
        for (List<String> chunk : Lists.partition(names, Jdbc.IN_LIST_CHUNK)) {
            Jdbc.Fragment wanted = jdbc.dialect().wantedNames(chunk);
            List<Object> parameters = new ArrayList<>(wanted.parameters());
            parameters.add(tableId);
            found.addAll(jdbc.query(
                    "SELECT " + (valuesOnly ? VALUES_COLUMNS : FULL_COLUMNS) + " FROM " + wanted.sql()
                            + " JOIN partitions p ON p.table_id = ? AND p.part_name = wanted.name",
                    row -> Named.read(row, valuesOnly),
                    parameters));
        }
        found.sort(Comparator.comparing(Named::name));
        return resolve(tableId, found);
    }

    /** Stops at the page's byte budget on what a row holds (values, location, parameters). */
    PageRows<Partition> list(UUID tableId, List<PartitionKey> keys, PartitionQuery query) {
        Jdbc.Fragment page = page(tableId, keys, query);
        String bytes = query.valuesOnly()
                ? "OCTET_LENGTH(p.part_values)"
                : "OCTET_LENGTH(p.part_values) + OCTET_LENGTH(p.location) + OCTET_LENGTH(p.parameters)";
        PageRows<Named> rows = jdbc.queryPage(
                "SELECT " + (query.valuesOnly() ? VALUES_COLUMNS : FULL_COLUMNS) + ", " + bytes + " AS bytes"
                        + page.sql(),
                row -> Named.read(row, query.valuesOnly()),
                row -> row.getLong("bytes"),
                page.parameters());
        return new PageRows<>(resolve(tableId, rows.rows()), rows.cutBySize());
    }

    /** The names {@link #list} would list, read from the (table_id, part_name) index alone. */
    List<String> listNames(UUID tableId, List<PartitionKey> keys, PartitionQuery query) {
        Jdbc.Fragment page = page(tableId, keys, query);
        return jdbc.query("SELECT p.part_name" + page.sql(), row -> row.getString(1), page.parameters());
    }

    /** FROM … WHERE … ORDER BY … LIMIT of one page of a query. */
    private static Jdbc.Fragment page(UUID tableId, List<PartitionKey> keys, PartitionQuery query) {
        PartitionFilterSql filter = PartitionFilterSql.of(keys, query.filter(), query.valuesPrefix());
        List<Object> parameters = filter.parameters(tableId);
        String paging = "";
        if (query.afterName().isPresent()) {
            paging = " AND p.part_name > ?";
            parameters.add(query.afterName().get());
        }
        parameters.add(query.limit());
        return new Jdbc.Fragment(filter.fromWhere() + paging + filter.orderBy() + " LIMIT ?", parameters);
    }

    long count(UUID tableId, List<PartitionKey> keys, Optional<PartitionFilter> filter) {
        PartitionFilterSql sql = PartitionFilterSql.of(keys, filter, List.of());
        return jdbc.first("SELECT COUNT(*)" + sql.fromWhere(), row -> row.getLong(1), sql.parameters(tableId))
                .orElse(0L);
    }

    void update(UUID tableId, List<PartitionKey> keys, List<String> values, Partition partition) {
        String oldName = PartitionNames.name(keys, values);
        String newName = PartitionNames.name(keys, partition.values());
        if (existing(tableId, List.of(oldName)).isEmpty()) {
            throw new CatalogException(
                    ErrorCode.PARTITION_NOT_FOUND,
                    "partition " + oldName + " does not exist",
                    Map.of("partition", oldName));
        }
        if (!oldName.equals(newName) && !existing(tableId, List.of(newName)).isEmpty()) {
            throw alreadyExists(newName);
        }
        String hash = storages.store(jdbc, tableId, List.of(partition)).get(0);
        jdbc.update(
                "UPDATE partitions SET part_name = ?, part_values = ?, location = ?, parameters = ?, "
                        + "create_time = ?, last_access_time = ?, storage_hash = ? "
                        + "WHERE table_id = ? AND part_name = ?",
                newName,
                StoreJson.write(partition.values()),
                partition.location(),
                StoreJson.write(partition.parameters()),
                partition.createTime(),
                partition.lastAccessTime(),
                hash,
                tableId,
                oldName);
        if (!values.equals(partition.values())) {
            keyValues.delete(tableId, List.of(oldName));
            keyValues.insert(tableId, keys, List.of(newName), List.of(partition.values()));
        }
        if (!oldName.equals(newName)) {
            statistics.renamePartition(tableId, oldName, newName);
        }
    }

    /** Writes the location, parameters, columns and storage of partitions that keep their values, in one batch. */
    void rewrite(UUID tableId, List<PartitionKey> keys, List<Partition> partitions) {
        List<String> hashes = storages.store(jdbc, tableId, partitions);
        List<Object[]> rows = new ArrayList<>(partitions.size());
        for (int i = 0; i < partitions.size(); i++) {
            Partition partition = partitions.get(i);
            rows.add(new Object[] {
                partition.location(),
                StoreJson.write(partition.parameters()),
                hashes.get(i),
                tableId,
                PartitionNames.name(keys, partition.values())
            });
        }
        jdbc.batch(
                "UPDATE partitions SET location = ?, parameters = ?, storage_hash = ? "
                        + "WHERE table_id = ? AND part_name = ?",
                rows);
    }

    void delete(UUID tableId, List<PartitionKey> keys, List<List<String>> values) {
        List<String> names = values.stream()
                .map(v -> PartitionNames.name(keys, v))
                .distinct()
                .toList();
        jdbc.batch(
                "DELETE FROM partitions WHERE table_id = ? AND part_name = ?",
                names.stream().map(name -> new Object[] {tableId, name}).toList());
        keyValues.delete(tableId, names);
        statistics.deletePartitions(tableId, names);
    }

    /** Storages stay until the table goes: they are few, and another partition may still use one. */
    /** A dropped table's partitions: nothing reads how many, so the deletes travel with the next statement. */
    void deleteAll(UUID tableId) {
        jdbc.sendLater("DELETE FROM partitions WHERE table_id = ?", tableId);
        keyValues.deleteAll(tableId);
        storages.deleteAll(jdbc, tableId);
    }

    private Set<String> existing(UUID tableId, List<String> names) {
        Set<String> existing = new HashSet<>();
        for (List<String> chunk : Lists.partition(names, Jdbc.IN_LIST_CHUNK)) {
            Jdbc.Fragment wanted = jdbc.dialect().wantedNames(chunk);
            List<Object> parameters = new ArrayList<>(wanted.parameters());
            parameters.add(tableId);
            existing.addAll(jdbc.query(
                    "SELECT p.part_name FROM " + wanted.sql()
                            + " JOIN partitions p ON p.table_id = ? AND p.part_name = wanted.name",
                    row -> row.getString(1),
                    parameters));
        }
        return existing;
    }

    private List<Partition> resolve(UUID tableId, List<Named> rows) {
        Set<String> hashes = rows.stream()
                .map(Named::storageHash)
                .filter(hash -> !hash.isEmpty())
                .collect(Collectors.toSet());
        Map<String, PartitionStorage> found = hashes.isEmpty() ? Map.of() : storages.load(jdbc, tableId, hashes);
        List<Partition> partitions = new ArrayList<>(rows.size());
        for (Named row : rows) {
            partitions.add(row.toPartition(found.get(row.storageHash())));
        }
        return partitions;
    }

    private static CatalogException alreadyExists(String name) {
        return new CatalogException(
                ErrorCode.PARTITION_ALREADY_EXISTS, "partition " + name + " already exists", Map.of("partition", name));
    }

    /** A partition row before its storage is attached; a values-only row has an empty hash. */
    private record Named(
            String name,
            List<String> values,
            String location,
            Map<String, String> parameters,
            Instant createTime,
            Instant lastAccessTime,
            String storageHash) {

        static Named read(ResultSet row, boolean valuesOnly) throws SQLException {
            List<String> values = StoreJson.readStrings(row.getString("part_values"));
            if (valuesOnly) {
                return new Named(row.getString("part_name"), values, "", Map.of(), Instant.EPOCH, Instant.EPOCH, "");
            }
            return new Named(
                    row.getString("part_name"),
                    values,
                    row.getString("location"),
                    StoreJson.readStringMap(row.getString("parameters")),
                    Jdbc.instant(row, "create_time"),
                    Jdbc.instant(row, "last_access_time"),
                    row.getString("storage_hash"));
        }

        Partition toPartition(PartitionStorage storage) {
            if (storageHash.isEmpty()) {
                return Partition.valuesOnly(values);
            }
            if (storage == null) {
                throw new CatalogException(
                        ErrorCode.INTERNAL_ERROR,
                        "partition " + name + " refers to storage " + storageHash + ", which is missing");
            }
            return new Partition(
                    values, location, parameters, createTime, lastAccessTime, storage.columns(), storage.storage());
        }
    }
}

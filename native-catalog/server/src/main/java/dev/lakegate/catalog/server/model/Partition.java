package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A partition of a Hive-format table: one value per key, its own location, columns and storage. */
public record Partition(
        List<String> values,
        String location,
        Map<String, String> parameters,
        Instant createTime,
        Instant lastAccessTime,
        List<Field> columns,
        StorageFormat storage) {

    public Partition {
        values = List.copyOf(values);
        location = Namespace.nullToEmpty(location);
        parameters = Map.copyOf(parameters);
        requireNonNull(createTime, "createTime is null");
        requireNonNull(lastAccessTime, "lastAccessTime is null");
        columns = List.copyOf(columns);
        requireNonNull(storage, "storage is null");
    }

    /**
     * A partition as a values-only read returns it: its values, everything else empty (epoch
     * times, a storage format with empty fields and {@code numBuckets} -1).
     */
    public static Partition valuesOnly(List<String> values) {
        return new Partition(
                values,
                "",
                Map.of(),
                Instant.EPOCH,
                Instant.EPOCH,
                List.of(),
                StorageFormat.of("", "", SerDe.of("", Map.of())));
    }

    public Partition withValues(List<String> newValues) {
        return new Partition(newValues, location, parameters, createTime, lastAccessTime, columns, storage);
    }

    public Partition withParameters(Map<String, String> newParameters) {
        return new Partition(values, location, newParameters, createTime, lastAccessTime, columns, storage);
    }

    public Partition withCreateTime(Instant time) {
        return new Partition(values, location, parameters, time, lastAccessTime, columns, storage);
    }

    public Partition withLocation(String newLocation) {
        return new Partition(values, newLocation, parameters, createTime, lastAccessTime, columns, storage);
    }
}

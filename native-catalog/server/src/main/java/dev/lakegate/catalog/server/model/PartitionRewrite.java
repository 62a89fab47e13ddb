package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A change to every partition of a table, applied in the transaction of the commit that carries it (see
 * {@code PartitionRewrite} in catalog.proto): a location prefix replaced, the columns replaced, parameters
 * removed, set where present, set.
 */
public record PartitionRewrite(
        Optional<LocationPrefix> locationPrefix,
        Optional<List<Field>> columns,
        List<String> removeParameters,
        Map<String, String> setExistingParameters,
        Map<String, String> setParameters) {

    /** Locations that start with {@code from} start with {@code to} instead. */
    public record LocationPrefix(String from, String to) {
        public LocationPrefix {
            requireNonNull(from, "from is null");
            requireNonNull(to, "to is null");
            if (from.isEmpty()) {
                throw CatalogException.invalidArgument(
                        "partition_rewrite.replace_location_prefix.from", "the prefix to replace is empty");
            }
        }

        String apply(String location) {
            return location.startsWith(from) ? to + location.substring(from.length()) : location;
        }
    }

    public PartitionRewrite {
        requireNonNull(locationPrefix, "locationPrefix is null");
        columns = requireNonNull(columns, "columns is null").map(List::copyOf);
        removeParameters = List.copyOf(removeParameters);
        setExistingParameters = Map.copyOf(setExistingParameters);
        setParameters = Map.copyOf(setParameters);
    }

    /** The partition as this rewrite leaves it (the same object when nothing changes). */
    public Partition apply(Partition partition) {
        String location =
                locationPrefix.map(prefix -> prefix.apply(partition.location())).orElse(partition.location());
        List<Field> newColumns = columns.orElse(partition.columns());
        Map<String, String> parameters = new HashMap<>(partition.parameters());
        removeParameters.forEach(parameters::remove);
        setExistingParameters.forEach((key, value) -> parameters.computeIfPresent(key, (k, old) -> value));
        parameters.putAll(setParameters);
        if (location.equals(partition.location())
                && newColumns.equals(partition.columns())
                && parameters.equals(partition.parameters())) {
            return partition;
        }
        return new Partition(
                partition.values(),
                location,
                parameters,
                partition.createTime(),
                partition.lastAccessTime(),
                newColumns,
                partition.storage());
    }
}

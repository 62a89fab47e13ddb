package dev.lakegate.hms.handler.statistics;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.handler.partitions.PartitionPages;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.names.PartitionNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;

/**
 * The table, partitions and columns that a statistics call names, found and spelled as HMSHandler
 * finds them: column names lower-cased, partition names read with their keys lower-cased.
 */
final class StatisticsLookups {

    private StatisticsLookups() {}

    static String lower(String column) {
        return column == null ? null : column.toLowerCase(Locale.ROOT);
    }

    /** The table the call names; a missing one fails as HMS's statistics reads and updates word it. */
    static PartitionTable load(CatalogClient client, HmsCall call) {
        return PartitionTable.find(client, call)
                .orElseThrow(() -> HmsWords.specifiedTableDoesNotExist(call.qualifiedTable()));
    }

    /** HMSHandler.lowerCaseConvertPartName: keys lower-cased, values kept as escaped. */
    static String lowerCaseKeys(String name) {
        if (name == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (String component : name.split("/")) {
            int equals = component.lastIndexOf('=');
            if (equals <= 0 || equals == component.length() - 1) {
                continue;
            }
            if (out.length() > 0) {
                out.append('/');
            }
            out.append(component.substring(0, equals).toLowerCase(Locale.ROOT)).append(component.substring(equals));
        }
        return out.toString();
    }

    /** The values of a partition name, with getPartValsFromName's errors. */
    static List<String> partitionValues(PartitionTable table, String name) {
        if (name == null) {
            throw HmsFailure.of("Partition name cannot be null", InvalidObjectException.class, MetaException.class);
        }
        return PartitionNames.valuesFor(lowerCaseKeys(name), table.keyNames());
    }

    /** The values of the partition this name spells exactly; empty when it names no partition of the table. */
    static Optional<List<String>> partitionNamed(PartitionTable table, String name) {
        if (name == null || !table.partitioned()) {
            return Optional.empty();
        }
        try {
            List<String> values = PartitionNames.valuesFor(lowerCaseKeys(name), table.keyNames());
            return table.partitionName(values).equals(lowerCaseKeys(name)) ? Optional.of(values) : Optional.empty();
        } catch (HmsFailure e) {
            return Optional.empty();
        }
    }

    /** The partitions of these names (each once), in the order given; names of no partition are left out. */
    static List<List<String>> partitionsOf(PartitionTable table, List<String> names) {
        Set<List<String>> result = new LinkedHashSet<>();
        if (names != null) {
            for (String name : names) {
                partitionNamed(table, name).ifPresent(result::add);
            }
        }
        return new ArrayList<>(result);
    }

    /** The partition of these values; a missing one fails with {@code message}, as HMS words it on the path. */
    static dev.lakegate.catalog.v1.Partition findPartition(
            CatalogClient client, PartitionTable table, List<String> values, String message) {
        List<dev.lakegate.catalog.v1.Partition> found = table.partitioned()
                ? PartitionPages.batchGet(client, table, List.of(PartitionMapper.toNativeValues(values)), false)
                : List.of();
        if (found.isEmpty()) {
            throw HmsFailure.of(message, NoSuchObjectException.class);
        }
        return found.get(0);
    }

    /** Those of the partitions of these values that exist, by their HMS values, read in batches. */
    static Map<List<String>, dev.lakegate.catalog.v1.Partition> existingPartitions(
            CatalogClient client, PartitionTable table, List<List<String>> values) {
        Map<List<String>, dev.lakegate.catalog.v1.Partition> found = new HashMap<>();
        if (table.partitioned() && !values.isEmpty()) {
            List<List<String>> nativeValues = new ArrayList<>();
            values.forEach(hmsValues -> nativeValues.add(PartitionMapper.toNativeValues(hmsValues)));
            for (dev.lakegate.catalog.v1.Partition partition :
                    PartitionPages.batchGet(client, table, nativeValues, false)) {
                found.put(PartitionMapper.fromNativeValues(partition.getValuesList()), partition);
            }
        }
        return found;
    }
}

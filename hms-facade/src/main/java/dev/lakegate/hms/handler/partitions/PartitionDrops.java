package dev.lakegate.hms.handler.partitions;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.names.PartitionNames;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionsResult;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;

/**
 * Dropping partitions as HMS 4.0.1 does (HMSHandler.drop_partition_common, drop_partitions_req):
 * with {@code deleteData}, the directory of a managed (or purged external) table's partition goes
 * too, and the parents that this leaves empty ({@link PartitionDirectories#delete}).
 */
public final class PartitionDrops {

    private final PartitionDirectories directories;

    public PartitionDrops(PartitionDirectories directories) {
        this.directories = requireNonNull(directories, "directories is null");
    }

    /** One partition, by its values ({@code givenValues}) or else by its name. */
    public boolean drop(CatalogClient client, HmsCall call, List<String> givenValues, String name, boolean deleteData) {
        // HMS words a missing table by the path the call takes: by name, or by values.
        PartitionTable table = PartitionTable.find(client, call)
                .orElseThrow(() -> givenValues == null
                        ? HmsWords.tableNotFound(call.database() + "." + call.table())
                        : HmsWords.tableOfPartitionDoesNotExist(call.qualifiedTable()));
        List<String> values = givenValues == null ? table.valuesOf(name) : givenValues;
        if (values.size() != table.keys().size()) {
            throw HmsWords.partitionNotFound(values);
        }
        List<dev.lakegate.catalog.v1.Partition> deleted = CatalogFailures.rewording(
                () -> PartitionPages.delete(client, table, List.of(PartitionMapper.toNativeValues(values)), false),
                failure -> HmsWords.partitionNotFound(values),
                ErrorReason.PARTITION_NOT_FOUND);
        deleteDirectories(table, deleted, deleteData);
        return true;
    }

    /**
     * drop_partitions_req by names: all of them must exist unless {@code ifExists}; names that name no
     * partition of the table count as missing. Drops by expression are not served (a serialized Hive
     * expression).
     */
    public DropPartitionsResult dropAll(CatalogClient client, HmsCall call, DropPartitionsRequest request) {
        boolean ifExists = request.isSetIfExists() && request.isIfExists();
        boolean needResult = !request.isSetNeedResult() || request.isNeedResult();
        PartitionTable table = PartitionTable.load(client, call.database(), call.table());
        if (request.getParts() == null || !request.getParts().isSetNames()) {
            if (request.getParts() != null && request.getParts().isSetExprs()) {
                throw HmsFailure.meta("Dropping partitions by expression is not supported by Lakegate:"
                        + " the expression is a serialized Hive expression; drop the partitions by name");
            }
            throw HmsFailure.meta("Partition spec is not set");
        }
        List<String> names = request.getParts().getNames();
        List<List<String>> values = nativeValues(table, names);
        List<dev.lakegate.catalog.v1.Partition> existing =
                table.partitioned() ? PartitionPages.batchGet(client, table, values, true) : List.of();
        if (existing.size() != names.size() && !ifExists) {
            throw HmsFailure.of("Some partitions to drop are missing", NoSuchObjectException.class);
        }
        List<dev.lakegate.catalog.v1.Partition> deleted = existing.isEmpty()
                ? List.of()
                : PartitionPages.delete(
                        client,
                        table,
                        existing.stream()
                                .map(p -> (List<String>) List.copyOf(p.getValuesList()))
                                .toList(),
                        true);
        deleteDirectories(table, deleted, request.isDeleteData());
        DropPartitionsResult result = new DropPartitionsResult();
        if (needResult) {
            List<Partition> partitions = table.toHms(deleted);
            PartitionReads.skipColumns(partitions, request.isSkipColumnSchemaForPartition());
            result.setPartitions(partitions);
        }
        return result;
    }

    /** The native values of the names that name a partition of the table, each once. */
    private static List<List<String>> nativeValues(PartitionTable table, List<String> names) {
        List<List<String>> values = new ArrayList<>();
        for (String name : new LinkedHashSet<>(names)) {
            try {
                List<String> partitionValues = PartitionNames.valuesFor(name, table.keyNames());
                if (table.partitionName(partitionValues).equals(name)) {
                    values.add(PartitionMapper.toNativeValues(partitionValues));
                }
            } catch (HmsFailure e) {
                // a name that names no partition of this table is a missing partition
            }
        }
        return values;
    }

    private void deleteDirectories(
            PartitionTable table, List<dev.lakegate.catalog.v1.Partition> deleted, boolean deleteData) {
        if (deleteData && table.dropsData()) {
            deleted.forEach(partition ->
                    directories.delete(partition.getLocation(), table.keys().size()));
        }
    }
}

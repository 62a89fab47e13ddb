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
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.DropPartitionsExpr;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionsResult;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.RequestPartsSpec;

/**
 * Dropping partitions as HMS 4.0.1 does (HMSHandler.drop_partition_common, drop_partitions_req):
 * with {@code deleteData}, the directory of a managed (or purged external) table's partition goes
 * too, and the parents that this leaves empty ({@link PartitionDirectories#delete}).
 */
public final class PartitionDrops {

    private final PartitionDirectories directories;
    private final PartitionsByExpression byExpression;

    public PartitionDrops(PartitionDirectories directories, PartitionsByExpression byExpression) {
        this.directories = requireNonNull(directories, "directories is null");
        this.byExpression = requireNonNull(byExpression, "byExpression is null");
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
     * drop_partitions_req by names or by expressions, in one catalog call. By names: all of them must exist
     * unless {@code ifExists}; names that name no partition of the table count as missing. By expressions
     * (what Hive's {@code ALTER TABLE DROP PARTITION} sends, one per partition specification): unless
     * {@code ifExists}, they must select at least as many partitions as there are expressions, counted as
     * HMS counts them (a partition two select counts twice), and none may leave a partition undecided (HMS:
     * "Unexpected unknown partitions to drop").
     */
    public DropPartitionsResult dropAll(CatalogClient client, HmsCall call, DropPartitionsRequest request) {
        boolean ifExists = request.isSetIfExists() && request.isIfExists();
        boolean needResult = !request.isSetNeedResult() || request.isNeedResult();
        PartitionTable table = PartitionTable.load(client, call.catalog(), call.database(), call.table());
        RequestPartsSpec parts = request.getParts();
        if (parts == null || !(parts.isSetNames() || parts.isSetExprs())) {
            throw HmsFailure.meta("Partition spec is not set");
        }
        List<List<String>> existing = parts.isSetNames()
                ? existingByName(client, table, parts.getNames(), ifExists)
                : selected(client, table, parts.getExprs(), ifExists);
        List<dev.lakegate.catalog.v1.Partition> deleted =
                existing.isEmpty() ? List.of() : PartitionPages.delete(client, table, existing, true);
        deleteDirectories(table, deleted, request.isDeleteData());
        DropPartitionsResult result = new DropPartitionsResult();
        if (needResult) {
            List<Partition> partitions = table.toHms(deleted);
            PartitionReads.skipColumns(partitions, request.isSkipColumnSchemaForPartition());
            result.setPartitions(partitions);
        }
        return result;
    }

    private static List<List<String>> existingByName(
            CatalogClient client, PartitionTable table, List<String> names, boolean ifExists) {
        List<List<String>> values = nativeValues(table, names);
        List<dev.lakegate.catalog.v1.Partition> existing =
                table.partitioned() ? PartitionPages.batchGet(client, table, values, true) : List.of();
        if (existing.size() != names.size() && !ifExists) {
            throw someAreMissing();
        }
        return existing.stream()
                .map(p -> (List<String>) List.copyOf(p.getValuesList()))
                .toList();
    }

    /** The partitions the expressions select, each once, in the order found. */
    private List<List<String>> selected(
            CatalogClient client, PartitionTable table, List<DropPartitionsExpr> expressions, boolean ifExists) {
        Set<List<String>> values = new LinkedHashSet<>();
        int found = 0;
        for (DropPartitionsExpr expression : expressions) {
            PartitionsByExpression.Selected selected =
                    byExpression.select(client, table, expression.getExpr(), null, -1, true);
            if (selected.hasUnknown()) {
                throw HmsFailure.meta("Unexpected unknown partitions to drop");
            }
            found += selected.partitions().size();
            selected.partitions().forEach(partition -> values.add(List.copyOf(partition.getValuesList())));
        }
        if (found < expressions.size() && !ifExists) {
            throw someAreMissing();
        }
        return new ArrayList<>(values);
    }

    private static HmsFailure someAreMissing() {
        return HmsFailure.of("Some partitions to drop are missing", NoSuchObjectException.class);
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

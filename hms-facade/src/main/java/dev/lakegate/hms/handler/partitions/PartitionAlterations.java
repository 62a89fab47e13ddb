package dev.lakegate.hms.handler.partitions;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.PartitionUpdate;
import dev.lakegate.catalog.v1.StatisticsDrop;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.handler.tables.HiveRules;
import dev.lakegate.hms.handler.tables.TableStats;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.StatisticsMapper;
import dev.lakegate.translator.names.PartitionNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;

/**
 * Altering and renaming partitions as HMS 4.0.1 does (HiveAlterHandler.alterPartition,
 * alterPartitions): {@code transient_lastDdlTime} set where the client left it unset, the quick
 * statistics of the altered partition kept or recounted (TableStats), and the column statistics of
 * columns that an alter drops or gives another type deleted. A renamed partition of a managed table
 * moves to {@code <table>/<new name>} with its directory.
 */
public final class PartitionAlterations {

    private final Warehouse warehouse;
    private final PartitionDirectories directories;

    public PartitionAlterations(Warehouse warehouse, PartitionDirectories directories) {
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
        this.directories = requireNonNull(directories, "directories is null");
    }

    /**
     * HiveAlterHandler.alterPartition. Without old values: replaces the partition of the new one's
     * values. With them: a rename; a managed table's partition moves to {@code <table>/<new name>}
     * (its directory too), an external one keeps its location; its statistics follow it.
     */
    public void alter(
            CatalogClient client,
            HmsCall call,
            List<String> oldValues,
            Partition given,
            Map<String, String> environment) {
        if (given == null) {
            throw HmsFailure.meta("Partition cannot be null.");
        }
        Partition partition = given.deepCopy();
        touchDdlTime(partition);
        boolean renaming = oldValues != null && !oldValues.isEmpty();
        PartitionTable table = PartitionTable.find(client, call)
                .orElseThrow(() -> HmsFailure.invalidOperation((renaming ? "" : "alter is not possible: ")
                        + "Unable to alter partition because table or database does not exist."));
        if (renaming) {
            rename(client, table, oldValues, partition, environment);
        } else {
            requireSameTable(table, partition);
            replace(client, table, partition, environment);
        }
    }

    /**
     * ObjectStore.alterPartitions (HMS 4.0.1): an altered partition must name the table it alters; HMS words a
     * wrong table with the partition's database name, as here. A partition that names none is let through.
     */
    private static void requireSameTable(PartitionTable table, Partition partition) {
        if (partition.getDbName() != null && !partition.getDbName().equalsIgnoreCase(table.database())) {
            throw HmsFailure.meta("Invalid DB name : " + partition.getDbName());
        }
        if (partition.getTableName() != null && !partition.getTableName().equalsIgnoreCase(table.name())) {
            throw HmsFailure.meta("Invalid table name : " + partition.getDbName());
        }
    }

    private void replace(
            CatalogClient client, PartitionTable table, Partition partition, Map<String, String> environment) {
        List<String> values = partition.getValues() == null ? List.of() : partition.getValues();
        dev.lakegate.catalog.v1.Partition old =
                findOr(client, table, values, "alter is not possible: partition values=" + values);
        TableStats.updateAlteredPartition(
                warehouse.files(),
                old.getParametersMap(),
                partition.getParameters(),
                partition.getSd() == null
                        ? old.getLocation()
                        : partition.getSd().getLocation(),
                table.isView(),
                environment);
        update(client, table, old, values, partition);
    }

    private void rename(
            CatalogClient client,
            PartitionTable table,
            List<String> oldValues,
            Partition partition,
            Map<String, String> environment) {
        dev.lakegate.catalog.v1.Partition old =
                findOr(client, table, oldValues, "Unable to rename partition because old partition does not exist");
        PartitionNames.checkValues(table.keyNames(), partition.getValues());
        List<String> newNative = PartitionMapper.toNativeValues(partition.getValues());
        if (!PartitionPages.batchGet(client, table, List.of(newNative), true).isEmpty()) {
            throw HmsFailure.of(
                    "Partition already exists:" + table.database() + "." + table.name() + "." + partition.getValues(),
                    InvalidOperationException.class);
        }
        if (partition.getSd() == null) {
            partition.setSd(new StorageDescriptor());
        }
        String oldLocation = old.getLocation();
        String newLocation = renamedLocation(table, oldLocation, partition.getValues());
        partition.getSd().setLocation(newLocation.isEmpty() ? null : newLocation);
        // Counted before the move: the files are the same.
        TableStats.updateAlteredPartition(
                warehouse.files(),
                old.getParametersMap(),
                partition.getParameters(),
                oldLocation,
                table.isView(),
                environment);
        update(client, table, old, oldValues, partition);
        if (!Objects.equals(oldLocation, newLocation) && directories.exists(oldLocation)) {
            directories.move(oldLocation, newLocation);
        }
    }

    /**
     * Where a renamed partition's data goes: {@code <table>/<new name>} for a managed (or translated)
     * table, which must not be there yet; an external table's partition stays where it is.
     */
    private String renamedLocation(PartitionTable table, String oldLocation, List<String> newValues) {
        boolean moveData = !table.isExternal()
                || "true".equalsIgnoreCase(table.table().getPropertiesMap().get(HiveRules.TRANSLATED_TO_EXTERNAL));
        if (!moveData || table.location() == null || table.location().isEmpty()) {
            return oldLocation;
        }
        String newLocation = warehouse.partitionLocation(table.location(), table.partitionName(newValues));
        if (directories.exists(oldLocation) && !newLocation.equals(oldLocation) && directories.exists(newLocation)) {
            throw HmsFailure.of(
                    "New location for this table " + table.database() + "." + table.name() + " already exists : "
                            + newLocation,
                    InvalidOperationException.class);
        }
        return newLocation;
    }

    /** HiveAlterHandler.alterPartitions: every partition must exist; each keeps its values. */
    public void alterAll(CatalogClient client, HmsCall call, List<Partition> given, Map<String, String> environment) {
        PartitionTable table = PartitionTable.find(client, call)
                .orElseThrow(() ->
                        HmsFailure.invalidOperation("Alter partition operation failed: InvalidObjectException(message:"
                                + "Unable to alter partitions because table or database does not exist.)"));
        List<Partition> partitions = new ArrayList<>();
        for (Partition partition : given == null ? List.<Partition>of() : given) {
            requireSameTable(table, partition);
            Partition copy = partition.deepCopy();
            touchDdlTime(copy);
            partitions.add(copy);
        }
        if (partitions.isEmpty()) {
            return;
        }
        List<List<String>> values = partitions.stream()
                .map(p -> PartitionMapper.toNativeValues(p.getValues()))
                .toList();
        List<dev.lakegate.catalog.v1.Partition> old = PartitionPages.batchGet(client, table, values, false);
        if (old.size() != partitions.size()) {
            throw HmsFailure.of(
                    "Alter partition operation failed: new parts size " + partitions.size()
                            + " not matching with old parts size " + old.size(),
                    InvalidOperationException.class);
        }
        Map<List<String>, dev.lakegate.catalog.v1.Partition> byValues = new HashMap<>();
        old.forEach(partition -> byValues.put(partition.getValuesList(), partition));
        for (Partition partition : partitions) {
            dev.lakegate.catalog.v1.Partition before =
                    byValues.get(PartitionMapper.toNativeValues(partition.getValues()));
            if (before != null) {
                TableStats.updateAlteredPartition(
                        warehouse.files(),
                        before.getParametersMap(),
                        partition.getParameters(),
                        partition.getSd() == null
                                ? before.getLocation()
                                : partition.getSd().getLocation(),
                        table.isView(),
                        environment);
            }
        }
        // One catalog call, one transaction: all the partitions change, and lose the statistics of the
        // columns they lose, or none does.
        UpdatePartitionsRequest.Builder request =
                UpdatePartitionsRequest.newBuilder().setTable(table.id());
        for (Partition partition : PartitionPages.oneCall(partitions)) {
            List<String> nativeValues = PartitionMapper.toNativeValues(partition.getValues());
            request.addUpdates(updateOf(table, byValues.get(nativeValues), nativeValues, partition));
        }
        client.updatePartitions(request.build());
    }

    /** The catalog's update of the partition of {@code nativeValues}, with the statistics it makes stale. */
    private static PartitionUpdate updateOf(
            PartitionTable table,
            dev.lakegate.catalog.v1.Partition old,
            List<String> nativeValues,
            Partition partition) {
        return PartitionUpdate.newBuilder()
                .addAllValues(nativeValues)
                .setPartition(PartitionMapper.toNative(partition))
                .setDropStatistics(StatisticsDrop.newBuilder()
                        .setEngine(StatisticsMapper.DEFAULT_ENGINE)
                        .addAllColumns(changedColumns(table, old, partition)))
                .build();
    }

    /**
     * Writes the partition over the one of {@code oldValues} and drops the statistics its columns lost
     * (HiveAlterHandler.updateOrGetPartitionColumnStats: of a column it drops or retypes), in one call.
     */
    private static void update(
            CatalogClient client,
            PartitionTable table,
            dev.lakegate.catalog.v1.Partition old,
            List<String> oldValues,
            Partition partition) {
        client.updatePartitions(UpdatePartitionsRequest.newBuilder()
                .setTable(table.id())
                .addUpdates(updateOf(table, old, PartitionMapper.toNativeValues(oldValues), partition))
                .build());
    }

    /** The columns of {@code old} that the new partition drops or gives another type, lower-cased. */
    private static List<String> changedColumns(
            PartitionTable table, dev.lakegate.catalog.v1.Partition old, Partition partition) {
        if (old == null || partition.getSd() == null || partition.getSd().getCols() == null) {
            return List.of();
        }
        List<FieldSchema> oldColumns = table.toHms(old).getSd().getCols();
        Map<String, String> newTypes = new HashMap<>();
        partition.getSd().getCols().forEach(c -> newTypes.put(c.getName().toLowerCase(Locale.ROOT), c.getType()));
        List<String> changed = new ArrayList<>();
        for (FieldSchema column : oldColumns) {
            String type = newTypes.get(column.getName().toLowerCase(Locale.ROOT));
            if (type == null || !type.equalsIgnoreCase(column.getType())) {
                changed.add(column.getName().toLowerCase(Locale.ROOT));
            }
        }
        return changed;
    }

    private static void touchDdlTime(Partition partition) {
        if (partition.getParameters() == null) {
            partition.setParameters(new HashMap<>());
        }
        String ddlTime = partition.getParameters().get(HiveRules.DDL_TIME);
        boolean unset;
        try {
            unset = ddlTime == null || Integer.parseInt(ddlTime) == 0;
        } catch (NumberFormatException e) {
            throw HmsFailure.meta("For input string: \"" + ddlTime + "\"");
        }
        if (unset) {
            partition.getParameters().put(HiveRules.DDL_TIME, Long.toString(System.currentTimeMillis() / 1000));
        }
    }

    /** The partition of these values, which must exist: else {@code message} as an InvalidOperationException. */
    private static dev.lakegate.catalog.v1.Partition findOr(
            CatalogClient client, PartitionTable table, List<String> values, String message) {
        if (values.size() != table.keys().size()) {
            throw HmsFailure.of(message, InvalidOperationException.class);
        }
        List<dev.lakegate.catalog.v1.Partition> found =
                PartitionPages.batchGet(client, table, List.of(PartitionMapper.toNativeValues(values)), false);
        if (found.isEmpty()) {
            throw HmsFailure.of(message, InvalidOperationException.class);
        }
        return found.get(0);
    }
}

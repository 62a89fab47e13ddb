package dev.lakegate.hms.handler.partitions;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Field;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.handler.tables.HiveRules;
import dev.lakegate.hms.handler.tables.Locations;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.PartitionNames;
import dev.lakegate.translator.types.Columns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.AddPartitionsResult;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionSpec;
import org.apache.hadoop.hive.metastore.api.PartitionWithoutSD;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;

/**
 * Adding and appending partitions as HMS 4.0.1 does (HMSHandler.add_partitions_core,
 * append_partition_common): every partition validated before any is added, the default location
 * {@code <table>/<name>} where none is given, all added in one catalog call (one transaction, see
 * {@link PartitionPages#oneCall}), then the directories of what was added.
 */
public final class PartitionAdds {

    private final Warehouse warehouse;
    private final PartitionDirectories directories;

    public PartitionAdds(Warehouse warehouse, PartitionDirectories directories) {
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
        this.directories = requireNonNull(directories, "directories is null");
    }

    /**
     * The partitions of both forms of a spec: a plain list, or partitions that share one storage
     * descriptor (location + relative path); their database and table names normalized.
     */
    public static List<Partition> fromSpecs(List<PartitionSpec> specs) {
        List<Partition> partitions = new ArrayList<>();
        for (PartitionSpec spec : specs) {
            if (spec.getPartitionList() != null) {
                partitions.addAll(spec.getPartitionList().getPartitions());
            } else if (spec.getSharedSDPartitionSpec() != null) {
                StorageDescriptor shared = spec.getSharedSDPartitionSpec().getSd();
                for (PartitionWithoutSD part : spec.getSharedSDPartitionSpec().getPartitions()) {
                    StorageDescriptor sd = new StorageDescriptor(shared);
                    sd.setLocation(sd.getLocation() + part.getRelativePath());
                    partitions.add(new Partition(
                            part.getValues(),
                            spec.getDbName(),
                            spec.getTableName(),
                            part.getCreateTime(),
                            part.getLastAccessTime(),
                            sd,
                            part.getParameters()));
                }
            }
        }
        for (Partition partition : partitions) {
            partition.setDbName(HiveNames.normalize(partition.getDbName()));
            partition.setTableName(HiveNames.normalize(partition.getTableName()));
        }
        return partitions;
    }

    /**
     * add_partitions_req's answer: the added partitions when asked for; without their columns when
     * asked to skip them, the columns then given once as the first partition's.
     */
    public static AddPartitionsResult result(List<Partition> added, boolean needResult, boolean skipColumns) {
        AddPartitionsResult result = new AddPartitionsResult();
        if (needResult) {
            if (skipColumns && !added.isEmpty()) {
                result.setPartitionColSchema(
                        new ArrayList<>(added.get(0).getSd().getCols()));
            }
            PartitionReads.skipColumns(added, skipColumns);
            result.setPartitions(added);
        }
        return result;
    }

    /**
     * HMSHandler.add_partitions_core on the call's table (which must exist): the partitions added, as
     * stored; with {@code ifNotExists} those that exist already are left out, else they fail the call.
     */
    public List<Partition> add(
            CatalogClient client, HmsCall call, List<Partition> partitions, boolean ifNotExists, boolean skipColumns) {
        PartitionTable table = PartitionTable.load(client, call.catalog(), call.database(), call.table());
        List<Partition> prepared = prepareAll(table, partitions, call, skipColumns);
        Set<List<String>> added = new HashSet<>();
        Map<List<FieldSchema>, List<Field>> columns = new HashMap<>();
        // One catalog call, one transaction: a partition that exists fails the call with nothing added.
        List<Partition> batch = PartitionPages.oneCall(prepared);
        AddPartitionsRequest.Builder request =
                AddPartitionsRequest.newBuilder().setTable(table.id()).setIfNotExists(ifNotExists);
        batch.forEach(partition -> request.addPartitions(
                PartitionMapper.toNative(partition, cols -> columns.computeIfAbsent(cols, Columns::withoutIds))));
        CatalogFailures.rewording(
                () -> {
                    client.addPartitions(request.build())
                            .getPartitionsList()
                            .forEach(partition -> added.add(partition.getValuesList()));
                    return null;
                },
                failure -> {
                    // HMS names the partition as the client sent it, with the catalog it fills in first.
                    Partition existing = firstExisting(client, table, batch);
                    Partition described =
                            partitions.get(indexOf(prepared, existing)).deepCopy();
                    if (!described.isSetCatName()) {
                        described.setCatName(table.catalog());
                    }
                    return HmsWords.partitionAlreadyExists(described);
                },
                ErrorReason.PARTITION_ALREADY_EXISTS);
        List<Partition> result = new ArrayList<>();
        for (Partition partition : prepared) {
            if (added.contains(PartitionMapper.toNativeValues(partition.getValues()))) {
                result.add(partition);
                if (partition.getSd().getLocation() != null
                        && !partition.getSd().getLocation().isEmpty()) {
                    directories.create(partition.getSd().getLocation());
                }
            }
        }
        return result;
    }

    /** Every partition validated and prepared before any is added; the same values twice fail them all. */
    private List<Partition> prepareAll(
            PartitionTable table, List<Partition> partitions, HmsCall call, boolean skipColumns) {
        List<Partition> prepared = new ArrayList<>(partitions.size());
        Set<List<String>> seen = new HashSet<>();
        for (Partition partition : partitions) {
            validateForAdd(table, partition, call.database(), call.table());
            if (skipColumns) {
                if (partition.getSd() == null) {
                    partition.setSd(new StorageDescriptor());
                }
                partition.getSd().setCols(new ArrayList<>(table.hms().getSd().getCols()));
            }
            if (!seen.add(PartitionMapper.toNativeValues(partition.getValues()))) {
                throw HmsFailure.meta("Duplicate partitions in the list: " + partition);
            }
            prepared.add(prepareNew(table, partition));
        }
        return prepared;
    }

    private static int indexOf(List<Partition> partitions, Partition partition) {
        for (int i = 0; i < partitions.size(); i++) {
            if (partitions.get(i) == partition) {
                return i;
            }
        }
        throw new IllegalStateException("not one of the partitions: " + partition);
    }

    private static Partition firstExisting(CatalogClient client, PartitionTable table, List<Partition> batch) {
        List<List<String>> values = batch.stream()
                .map(p -> PartitionMapper.toNativeValues(p.getValues()))
                .toList();
        Set<List<String>> existing = new HashSet<>();
        PartitionPages.batchGet(client, table, values, true).forEach(p -> existing.add(p.getValuesList()));
        return batch.stream()
                .filter(p -> existing.contains(PartitionMapper.toNativeValues(p.getValues())))
                .findFirst()
                .orElse(batch.get(0));
    }

    /** HMSHandler.validatePartition, and Warehouse.makePartName's check of the values against the keys. */
    private static void validateForAdd(PartitionTable table, Partition partition, String database, String tableName) {
        if (partition.getDbName() == null || partition.getTableName() == null) {
            throw HmsFailure.meta("The database and table name must be set in the partition.");
        }
        if (!partition.getTableName().equalsIgnoreCase(tableName)
                || !partition.getDbName().equalsIgnoreCase(database)) {
            throw HmsFailure.meta(String.format(
                    "Partition does not belong to target table %s. It belongs to the table" + " %s.%s : %s",
                    HiveNames.qualified(table.catalog(), database, tableName),
                    partition.getDbName(),
                    partition.getTableName(),
                    partition));
        }
        if (partition.getValues() == null || partition.getValues().isEmpty()) {
            throw HmsFailure.meta("The partition values cannot be null or empty.");
        }
        if (partition.getValues().contains(null)) {
            throw HmsFailure.meta("Partition value cannot be null.");
        }
        PartitionNames.checkValues(table.keyNames(), partition.getValues());
    }

    /**
     * A partition as HMS stores it when added: the default location {@code <table>/<name>} when none
     * is given, the create time now, {@code transient_lastDdlTime} unless the client set it, catalog
     * "hive". Statistics parameters stay as the client wrote them (no quick stats from a listing).
     */
    private Partition prepareNew(PartitionTable table, Partition given) {
        Partition partition = given.deepCopy();
        if (partition.getSd() == null) {
            partition.setSd(new StorageDescriptor());
        }
        String location = partition.getSd().getLocation();
        if (location == null || location.isEmpty()) {
            if (table.location() != null && !table.location().isEmpty()) {
                partition
                        .getSd()
                        .setLocation(warehouse.partitionLocation(
                                table.location(), table.partitionName(partition.getValues())));
            }
        } else if (table.location() == null || table.location().isEmpty()) {
            throw HmsFailure.meta("Cannot specify location for a view partition");
        } else {
            Locations.check(location);
        }
        int now = (int) (System.currentTimeMillis() / 1000);
        partition.setCreateTime(now);
        if (partition.getParameters() == null) {
            partition.setParameters(new HashMap<>());
        }
        if (partition.getParameters().get(HiveRules.DDL_TIME) == null) {
            partition.getParameters().put(HiveRules.DDL_TIME, Long.toString(now));
        }
        partition.setCatName(table.catalog());
        return partition;
    }

    /**
     * HMSHandler.append_partition_common: a partition of the given values (or name) with the table's
     * storage, at the default location, its directory made.
     */
    public Partition append(CatalogClient client, HmsCall call, List<String> values, String name) {
        PartitionTable table = PartitionTable.find(client, call).orElseThrow(HmsWords::noTableToAddPartitionTo);
        List<String> partitionValues =
                values == null || values.isEmpty() ? PartitionNames.valuesFor(name, table.keyNames()) : values;
        if (table.location() == null || table.location().isEmpty()) {
            throw HmsFailure.meta("Cannot append a partition to a view");
        }
        PartitionNames.checkValues(table.keyNames(), partitionValues);
        Partition partition = new Partition();
        partition.setCatName(table.catalog());
        partition.setDbName(call.database());
        partition.setTableName(call.table());
        partition.setValues(new ArrayList<>(partitionValues));
        StorageDescriptor sd = table.hms().getSd().deepCopy();
        sd.setLocation(warehouse.partitionLocation(table.location(), table.partitionName(partitionValues)));
        partition.setSd(sd);
        int now = (int) (System.currentTimeMillis() / 1000);
        partition.setCreateTime(now);
        partition.setParameters(new HashMap<>(Map.of(HiveRules.DDL_TIME, Long.toString(now))));
        CatalogFailures.rewording(
                () -> client.addPartitions(AddPartitionsRequest.newBuilder()
                        .setTable(table.id())
                        .addPartitions(PartitionMapper.toNative(partition))
                        .build()),
                failure -> {
                    // HMS checks before it sets the parameters: its message shows none.
                    Partition described = partition.deepCopy();
                    described.unsetParameters();
                    return HmsWords.appendedPartitionExists(described);
                },
                ErrorReason.PARTITION_ALREADY_EXISTS);
        directories.create(sd.getLocation());
        // Answer with the partition as a read would return it (the fields HMS fills included), but
        // without a write id: HMS 4 answers with the object it made, which has none.
        Partition appended = PartitionMapper.fromNative(
                PartitionMapper.toNative(partition), call.catalog(), call.database(), call.table());
        appended.unsetWriteId();
        return appended;
    }
}

package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.PartitionNames;
import dev.lakegate.catalog.server.model.StorageFormat;
import dev.lakegate.catalog.server.service.PartitionUpdate;
import dev.lakegate.catalog.v1.PartitionView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** Partitions of Hive-format tables. */
public final class PartitionMapper {

    private PartitionMapper() {}

    /**
     * A partition with its name when the table's keys are known (one per value); the domain
     * partition does not carry its name, which depends on the keys.
     */
    public static dev.lakegate.catalog.v1.Partition toProto(Partition partition, List<PartitionKey> keys) {
        return toProto(partition, keys, columns(partition.columns()), StorageMapper.toProto(partition.storage()));
    }

    /**
     * Partitions read together share their storage's column list and format (the store keeps one
     * object per distinct storage), so each of those is mapped once rather than once per partition,
     * which in a listing of thousands of partitions would repeat the same work thousands of times.
     */
    public static List<dev.lakegate.catalog.v1.Partition> toProto(List<Partition> partitions, List<PartitionKey> keys) {
        Map<List<Field>, List<dev.lakegate.catalog.v1.Field>> columns = new IdentityHashMap<>();
        Map<StorageFormat, dev.lakegate.catalog.v1.StorageFormat> storages = new IdentityHashMap<>();
        List<dev.lakegate.catalog.v1.Partition> result = new ArrayList<>(partitions.size());
        for (Partition partition : partitions) {
            result.add(toProto(
                    partition,
                    keys,
                    columns.computeIfAbsent(partition.columns(), PartitionMapper::columns),
                    storages.computeIfAbsent(partition.storage(), StorageMapper::toProto)));
        }
        return result;
    }

    private static dev.lakegate.catalog.v1.Partition toProto(
            Partition partition,
            List<PartitionKey> keys,
            List<dev.lakegate.catalog.v1.Field> columns,
            dev.lakegate.catalog.v1.StorageFormat storage) {
        var proto = dev.lakegate.catalog.v1.Partition.newBuilder()
                .addAllValues(partition.values())
                .setLocation(partition.location())
                .putAllParameters(partition.parameters())
                .setCreateTime(ValueMapper.toProto(partition.createTime()))
                .setLastAccessTime(ValueMapper.toProto(partition.lastAccessTime()))
                .addAllColumns(columns)
                .setStorage(storage);
        if (!keys.isEmpty() && keys.size() == partition.values().size()) {
            proto.setName(PartitionNames.name(keys, partition.values()));
        }
        return proto.build();
    }

    private static List<dev.lakegate.catalog.v1.Field> columns(List<Field> columns) {
        return columns.stream().map(TypeMapper::toProto).toList();
    }

    /**
     * The partitions of one request. Their columns are mostly the table's, the same list in each,
     * so each distinct list is mapped once rather than once per partition.
     */
    public static List<Partition> toDomain(List<dev.lakegate.catalog.v1.Partition> partitions, FieldPath path) {
        Map<List<dev.lakegate.catalog.v1.Field>, List<Field>> columns = new HashMap<>();
        return path.mapEach(
                partitions,
                (partition, at) -> toDomain(
                        partition,
                        at,
                        columns.computeIfAbsent(
                                partition.getColumnsList(),
                                list -> at.field("columns").mapEach(list, TypeMapper::toDomain))));
    }

    /** The name is output only and ignored here: the values identify the partition. */
    public static Partition toDomain(dev.lakegate.catalog.v1.Partition partition, FieldPath path) {
        return toDomain(
                partition, path, path.field("columns").mapEach(partition.getColumnsList(), TypeMapper::toDomain));
    }

    private static Partition toDomain(
            dev.lakegate.catalog.v1.Partition partition, FieldPath path, List<Field> columns) {
        return new Partition(
                partition.getValuesList(),
                partition.getLocation(),
                partition.getParametersMap(),
                ValueMapper.toInstant(partition.getCreateTime(), path.field("create_time")),
                ValueMapper.toInstant(partition.getLastAccessTime(), path.field("last_access_time")),
                columns,
                StorageMapper.toDomain(partition.getStorage()));
    }

    public static PartitionUpdate toDomain(dev.lakegate.catalog.v1.PartitionUpdate update, FieldPath path) {
        return new PartitionUpdate(
                update.getValuesList(),
                toDomain(update.getPartition(), path.field("partition")),
                update.getDropStatistics().getEngine(),
                update.getDropStatistics().getColumnsList());
    }

    public static dev.lakegate.catalog.v1.PartitionUpdate toProto(PartitionUpdate update) {
        return dev.lakegate.catalog.v1.PartitionUpdate.newBuilder()
                .addAllValues(update.values())
                .setPartition(toProto(update.partition(), List.of()))
                .setDropStatistics(dev.lakegate.catalog.v1.StatisticsDrop.newBuilder()
                        .setEngine(update.statisticsEngine())
                        .addAllColumns(update.staleStatisticsColumns()))
                .build();
    }

    /** Unspecified means the full partitions; the name-only view is ListPartitions' alone. */
    public static boolean valuesOnly(PartitionView view, FieldPath path) {
        return switch (view) {
            case PARTITION_VIEW_UNSPECIFIED, PARTITION_VIEW_FULL -> false;
            case PARTITION_VIEW_VALUES_ONLY -> true;
            case PARTITION_VIEW_NAME_ONLY -> throw path.invalid("PARTITION_VIEW_NAME_ONLY is for ListPartitions only");
            case UNRECOGNIZED -> throw path.invalid("unknown value UNRECOGNIZED");
        };
    }

    public static PartitionView toView(boolean valuesOnly) {
        return valuesOnly ? PartitionView.PARTITION_VIEW_VALUES_ONLY : PartitionView.PARTITION_VIEW_FULL;
    }
}

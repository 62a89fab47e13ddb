package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.v1.StorageFormat;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.PartitionNames;
import dev.lakegate.translator.types.Columns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;

/**
 * HMS partitions and native ones. HMS clients write the default partition's value as
 * {@code __HIVE_DEFAULT_PARTITION__}; the catalog holds it as the empty value. A native partition
 * knows neither its table nor its database, so those come from the caller.
 */
public final class PartitionMapper {

    private PartitionMapper() {}

    public static dev.lakegate.catalog.v1.Partition toNative(Partition partition) {
        StorageDescriptor sd = partition.getSd() == null ? new StorageDescriptor() : partition.getSd();
        dev.lakegate.catalog.v1.Partition.Builder result = dev.lakegate.catalog.v1.Partition.newBuilder()
                .addAllValues(toNativeValues(partition.getValues()))
                .setLocation(Values.nullToEmpty(sd.getLocation()))
                .putAllParameters(Values.map(partition.getParameters()))
                .addAllColumns(Columns.withoutIds(sd.getCols()))
                .setStorage(StorageMapper.toNative(sd));
        if (partition.getCreateTime() != 0) {
            result.setCreateTime(Values.seconds(partition.getCreateTime()));
        }
        if (partition.getLastAccessTime() != 0) {
            result.setLastAccessTime(Values.seconds(partition.getLastAccessTime()));
        }
        return result.build();
    }

    public static Partition fromNative(dev.lakegate.catalog.v1.Partition partition, String database, String table) {
        Partition result = new Partition();
        result.setValues(fromNativeValues(partition.getValuesList()));
        result.setDbName(database);
        result.setTableName(table);
        result.setCreateTime(Values.seconds(partition.getCreateTime()));
        result.setLastAccessTime(Values.seconds(partition.getLastAccessTime()));
        StorageFormat storage = partition.hasStorage() ? partition.getStorage() : StorageFormat.getDefaultInstance();
        result.setSd(StorageMapper.fromNative(storage, partition.getColumnsList(), partition.getLocation()));
        result.setParameters(new HashMap<>(partition.getParametersMap()));
        result.setCatName(HiveNames.DEFAULT_CATALOG);
        // HMS 4 reports write id -1 for partitions outside transactions (older clients skip the field).
        result.setWriteId(-1);
        return result;
    }

    /** HMS values as native ones: the default partition's name becomes "". */
    public static List<String> toNativeValues(List<String> values) {
        List<String> result = new ArrayList<>();
        for (String value : Values.list(values)) {
            result.add(value == null || value.equals(PartitionNames.DEFAULT_PARTITION_NAME) ? "" : value);
        }
        return result;
    }

    /** Native values as HMS ones: "" becomes the default partition's name. */
    public static List<String> fromNativeValues(List<String> values) {
        List<String> result = new ArrayList<>(values.size());
        for (String value : values) {
            result.add(value.isEmpty() ? PartitionNames.DEFAULT_PARTITION_NAME : value);
        }
        return result;
    }
}

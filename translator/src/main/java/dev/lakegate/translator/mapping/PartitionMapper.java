package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.StorageFormat;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.thrift.WithoutInterning;
import dev.lakegate.translator.types.Columns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;

/**
 * HMS partitions and native ones. Values are kept as the client sent them, as HMS keeps them: the
 * default partition is the value {@code __HIVE_DEFAULT_PARTITION__} (what engines write) or "" (whose
 * name is the same); filters compare those values as text, as HMS does. A native partition knows
 * neither its table nor its database, so those come from the caller.
 */
public final class PartitionMapper {

    private PartitionMapper() {}

    public static dev.lakegate.catalog.v1.Partition toNative(Partition partition) {
        return toNative(partition, Columns::withoutIds);
    }

    /**
     * With the columns mapped by {@code columns}: the partitions of one call mostly share the
     * table's columns, and a caller mapping many of them maps each distinct list once.
     */
    public static dev.lakegate.catalog.v1.Partition toNative(
            Partition partition, Function<List<FieldSchema>, List<Field>> columns) {
        StorageDescriptor sd = partition.getSd() == null ? new StorageDescriptor() : partition.getSd();
        dev.lakegate.catalog.v1.Partition.Builder result = dev.lakegate.catalog.v1.Partition.newBuilder()
                .addAllValues(toNativeValues(partition.getValues()))
                .setLocation(Values.nullToEmpty(sd.getLocation()))
                .putAllParameters(Values.map(partition.getParameters()))
                .addAllColumns(columns.apply(sd.getCols()))
                .setStorage(StorageMapper.toNative(sd));
        if (partition.getCreateTime() != 0) {
            result.setCreateTime(Values.seconds(partition.getCreateTime()));
        }
        if (partition.getLastAccessTime() != 0) {
            result.setLastAccessTime(Values.seconds(partition.getLastAccessTime()));
        }
        return result.build();
    }

    /** A partition of the table {@code catalog.database.table} (the native partition names none of them). */
    public static Partition fromNative(
            dev.lakegate.catalog.v1.Partition partition, String catalog, String database, String table) {
        return fromNative(partition, catalog, database, table, Columns.toFieldSchemas(partition.getColumnsList()));
    }

    /**
     * The partitions of one listing. They nearly always share their columns, and printing Hive
     * types was most of mapping a partition, so each distinct column list is printed once. Each
     * partition gets its own list (a caller may replace or drop one partition's columns); the
     * column objects are shared, as the facade already shares a table's with its new partitions.
     */
    public static List<Partition> fromNative(
            List<dev.lakegate.catalog.v1.Partition> partitions, String catalog, String database, String table) {
        Map<List<Field>, List<FieldSchema>> printed = new HashMap<>();
        List<Partition> result = new ArrayList<>(partitions.size());
        for (dev.lakegate.catalog.v1.Partition partition : partitions) {
            List<FieldSchema> columns = printed.computeIfAbsent(partition.getColumnsList(), Columns::toFieldSchemas);
            result.add(fromNative(partition, catalog, database, table, new ArrayList<>(columns)));
        }
        return result;
    }

    private static Partition fromNative(
            dev.lakegate.catalog.v1.Partition partition,
            String catalog,
            String database,
            String table,
            List<FieldSchema> columns) {
        Partition result = new Partition();
        result.setValues(fromNativeValues(partition.getValuesList()));
        WithoutInterning.names(result, database, table, HiveNames.catalogOrDefault(catalog));
        result.setCreateTime(Values.seconds(partition.getCreateTime()));
        result.setLastAccessTime(Values.seconds(partition.getLastAccessTime()));
        StorageFormat storage = partition.hasStorage() ? partition.getStorage() : StorageFormat.getDefaultInstance();
        result.setSd(StorageMapper.descriptor(storage, columns, partition.getLocation()));
        WithoutInterning.parameters(result, new HashMap<>(partition.getParametersMap()));
        // HMS 4 reports write id -1 for partitions outside transactions (older clients skip the field).
        result.setWriteId(-1);
        return result;
    }

    /** HMS values as native ones: as sent, a null value as "" (both are named as the default partition). */
    public static List<String> toNativeValues(List<String> values) {
        List<String> result = new ArrayList<>();
        for (String value : Values.list(values)) {
            result.add(value == null ? "" : value);
        }
        return result;
    }

    /** Native values as HMS ones: as stored. */
    public static List<String> fromNativeValues(List<String> values) {
        return new ArrayList<>(values);
    }
}

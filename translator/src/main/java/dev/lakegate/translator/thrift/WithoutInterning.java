package dev.lakegate.translator.thrift;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;

/**
 * Sets the string fields of Hive's Thrift structs that the facade fills by the thousand, without the
 * {@code String.intern} that Hive's generated setters and constructors do on every string and every
 * map entry (Hive interns to save memory in a process that keeps partitions; the facade writes them
 * out and drops them). Interning looks every string up in the JVM's string table: work a listing of
 * thousands of partitions would do for nothing.
 * A struct filled here equals one filled through its setters; only the string instances differ.
 *
 * <p>Object fields of Thrift structs are "set" when not null, so writing the field is all a setter
 * does. The handles are resolved when the class loads: a Hive release that renamed a field fails
 * every mapping at once, not one struct quietly.
 */
public final class WithoutInterning {

    private static final VarHandle PARTITION_DB_NAME = field(Partition.class, "dbName", String.class);
    private static final VarHandle PARTITION_TABLE_NAME = field(Partition.class, "tableName", String.class);
    private static final VarHandle PARTITION_CAT_NAME = field(Partition.class, "catName", String.class);
    private static final VarHandle PARTITION_PARAMETERS = field(Partition.class, "parameters", Map.class);
    private static final VarHandle SD_LOCATION = field(StorageDescriptor.class, "location", String.class);
    private static final VarHandle SD_INPUT_FORMAT = field(StorageDescriptor.class, "inputFormat", String.class);
    private static final VarHandle SD_OUTPUT_FORMAT = field(StorageDescriptor.class, "outputFormat", String.class);
    private static final VarHandle SD_PARAMETERS = field(StorageDescriptor.class, "parameters", Map.class);
    private static final VarHandle SERDE_NAME = field(SerDeInfo.class, "name", String.class);
    private static final VarHandle SERDE_LIBRARY = field(SerDeInfo.class, "serializationLib", String.class);
    private static final VarHandle SERDE_PARAMETERS = field(SerDeInfo.class, "parameters", Map.class);
    private static final VarHandle SERDE_SERIALIZER = field(SerDeInfo.class, "serializerClass", String.class);
    private static final VarHandle SERDE_DESERIALIZER = field(SerDeInfo.class, "deserializerClass", String.class);
    private static final VarHandle COLUMN_NAME = field(FieldSchema.class, "name", String.class);
    private static final VarHandle COLUMN_TYPE = field(FieldSchema.class, "type", String.class);
    private static final VarHandle COLUMN_COMMENT = field(FieldSchema.class, "comment", String.class);

    private WithoutInterning() {}

    /** A partition's database, table and catalog names. */
    public static void names(Partition partition, String database, String table, String catalog) {
        PARTITION_DB_NAME.set(partition, database);
        PARTITION_TABLE_NAME.set(partition, table);
        PARTITION_CAT_NAME.set(partition, catalog);
    }

    public static void parameters(Partition partition, Map<String, String> parameters) {
        PARTITION_PARAMETERS.set(partition, parameters);
    }

    /** A storage descriptor's location and formats. */
    public static void storage(StorageDescriptor sd, String location, String inputFormat, String outputFormat) {
        SD_LOCATION.set(sd, location);
        SD_INPUT_FORMAT.set(sd, inputFormat);
        SD_OUTPUT_FORMAT.set(sd, outputFormat);
    }

    public static void parameters(StorageDescriptor sd, Map<String, String> parameters) {
        SD_PARAMETERS.set(sd, parameters);
    }

    public static SerDeInfo serde(
            String name, String library, Map<String, String> parameters, String serializer, String deserializer) {
        SerDeInfo serde = new SerDeInfo();
        SERDE_NAME.set(serde, name);
        SERDE_LIBRARY.set(serde, library);
        SERDE_PARAMETERS.set(serde, parameters);
        SERDE_SERIALIZER.set(serde, serializer);
        SERDE_DESERIALIZER.set(serde, deserializer);
        return serde;
    }

    public static FieldSchema column(String name, String type, String comment) {
        FieldSchema column = new FieldSchema();
        COLUMN_NAME.set(column, name);
        COLUMN_TYPE.set(column, type);
        COLUMN_COMMENT.set(column, comment);
        return column;
    }

    private static VarHandle field(Class<?> owner, String name, Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(owner, MethodHandles.lookup()).findVarHandle(owner, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}

package dev.lakegate.bench;

import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.HiveStorage;
import dev.lakegate.catalog.server.model.HiveTableKind;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.SerDe;
import dev.lakegate.catalog.server.model.SkewedInfo;
import dev.lakegate.catalog.server.model.StorageFormat;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * What the benchmark stores: Hive tables as a Hive-era engine creates them (ten data columns of
 * mixed types, a Parquet storage descriptor, the usual table parameters) partitioned by a string
 * key {@code ds} and an integral key {@code hr}, and their partitions.
 */
final class BenchTables {

    static final String NAMESPACE = "bench";
    static final Instant CREATED = Instant.ofEpochSecond(1_700_000_000);

    static final StorageFormat PARQUET = new StorageFormat(
            "org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat",
            "org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat",
            false,
            0,
            List.of(),
            List.of(),
            new SerDe(
                    "",
                    "org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe",
                    Map.of("serialization.format", "1"),
                    "",
                    "",
                    "",
                    0),
            SkewedInfo.empty(),
            false,
            Map.of());

    private BenchTables() {}

    static Namespace namespace() {
        return new Namespace(
                NAMESPACE,
                "file:/warehouse/" + NAMESPACE + ".db",
                "benchmark tables",
                "bench",
                PrincipalType.USER,
                Map.of("owner.team", "lake"),
                Instant.EPOCH,
                0,
                "");
    }

    /** Ten data columns, nested ones included. */
    static List<Field> dataColumns() {
        return List.of(
                new Field(1, "id", DataType.primitive(PrimitiveKind.INT64), true, "surrogate key"),
                Field.optional(2, "customer_name", new DataType.Varchar(64)),
                Field.optional(3, "price", new DataType.Decimal(12, 2)),
                Field.optional(4, "currency", new DataType.Char(3)),
                Field.optional(5, "quantity", DataType.primitive(PrimitiveKind.INT32)),
                Field.optional(
                        6,
                        "tags",
                        new DataType.ListOf(Field.optional(7, "element", DataType.primitive(PrimitiveKind.STRING)))),
                Field.optional(
                        8,
                        "attributes",
                        new DataType.MapOf(
                                new Field(9, "key", DataType.primitive(PrimitiveKind.STRING), true, ""),
                                Field.optional(10, "value", DataType.primitive(PrimitiveKind.FLOAT64)))),
                Field.optional(
                        11,
                        "shipping_address",
                        new DataType.Struct(List.of(
                                Field.optional(12, "street", DataType.primitive(PrimitiveKind.STRING)),
                                Field.optional(13, "city", DataType.primitive(PrimitiveKind.STRING)),
                                Field.optional(14, "zip", DataType.primitive(PrimitiveKind.INT32))))),
                Field.optional(15, "is_gift", DataType.primitive(PrimitiveKind.BOOLEAN)),
                Field.optional(16, "ordered_at", DataType.primitive(PrimitiveKind.TIMESTAMP)));
    }

    static TableIdentifier identifier(String name) {
        return TableIdentifier.inDefaultCatalog(NAMESPACE, name);
    }

    static Table hiveTable(String name) {
        List<Field> fields = new ArrayList<>(dataColumns());
        fields.add(Field.optional(20, "ds", DataType.primitive(PrimitiveKind.STRING)));
        fields.add(Field.optional(21, "hr", DataType.primitive(PrimitiveKind.INT32)));
        String location = "hdfs://namenode:8020/warehouse/" + NAMESPACE + ".db/" + name;
        return Table.builder(UUID.randomUUID(), identifier(name), TableFormat.HIVE)
                .location(location)
                .properties(Map.of(
                        "numRows", "1250000",
                        "numFiles", "412",
                        "totalSize", "987654321",
                        "rawDataSize", "2345678901",
                        "transient_lastDdlTime", "1700000000",
                        "COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}",
                        "bucketing_version", "2",
                        "comment", "orders, one partition per day and hour"))
                .schemas(List.of(Schema.of(0, fields)))
                .currentSchemaId(0)
                .partitionSpecs(List.of(new PartitionSpec(
                        0,
                        List.of(
                                new PartitionField(20, 1000, "ds", PartitionField.IDENTITY),
                                new PartitionField(21, 1001, "hr", PartitionField.IDENTITY)))))
                .defaultSpecId(0)
                .hive(Optional.of(new HiveStorage(
                        HiveTableKind.MANAGED_TABLE,
                        PARQUET,
                        "",
                        "",
                        0,
                        CREATED,
                        false,
                        false,
                        List.of(),
                        Optional.empty())))
                .owner("etl", PrincipalType.USER)
                .build();
    }

    /** The {@code ds} value of index {@code i}: d000, d001, ... */
    static String ds(int i) {
        return String.format("d%03d", i);
    }

    static Partition partition(String tableName, String ds, int hr) {
        return new Partition(
                List.of(ds, Integer.toString(hr)),
                "hdfs://namenode:8020/warehouse/" + NAMESPACE + ".db/" + tableName + "/ds=" + ds + "/hr=" + hr,
                Map.of(
                        "numFiles",
                        "4",
                        "numRows",
                        "3125",
                        "totalSize",
                        "2469135",
                        "transient_lastDdlTime",
                        "1700000000"),
                CREATED,
                Instant.EPOCH,
                dataColumns(),
                PARQUET);
    }

    /**
     * {@code dsValues × hrValues} partitions in batches of {@code batchSize}, ds-major, so that each
     * {@code ds} value has {@code hrValues} partitions and each {@code hr} value {@code dsValues}.
     */
    static List<List<Partition>> partitionBatches(String tableName, int dsValues, int hrValues, int batchSize) {
        List<List<Partition>> batches = new ArrayList<>();
        List<Partition> batch = new ArrayList<>(batchSize);
        for (int d = 0; d < dsValues; d++) {
            for (int h = 0; h < hrValues; h++) {
                batch.add(partition(tableName, ds(d), h));
                if (batch.size() == batchSize) {
                    batches.add(batch);
                    batch = new ArrayList<>(batchSize);
                }
            }
        }
        if (!batch.isEmpty()) {
            batches.add(batch);
        }
        return batches;
    }
}

package dev.lakegate.catalog.server.store;

import static dev.lakegate.catalog.server.model.DataType.primitive;

import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.HiveStorage;
import dev.lakegate.catalog.server.model.HiveTableKind;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.RefType;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.SerDe;
import dev.lakegate.catalog.server.model.SkewedInfo;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.SortColumn;
import dev.lakegate.catalog.server.model.StorageFormat;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.WrittenColumn;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Objects with every field set to something other than its default, so that a round trip that
 * drops or confuses a field fails. Times have microsecond precision, what the store keeps in columns.
 */
final class StoreFixtures {

    static final Instant T0 = Instant.parse("2024-05-01T10:15:30.123456Z");
    static final Instant T1 = Instant.parse("2024-05-02T11:00:00.654321Z");

    static final List<PartitionKey> KEYS = List.of(
            new PartitionKey("ds", 0, primitive(PrimitiveKind.STRING)),
            new PartitionKey("hr", 1, primitive(PrimitiveKind.INT32)));

    private StoreFixtures() {}

    static Namespace namespace(String name) {
        return new Namespace(
                name,
                "s3://warehouse/" + name,
                "comment of " + name,
                "alice",
                PrincipalType.ROLE,
                Map.of("owner-team", "data", "zz", "last"),
                T0,
                3,
                "");
    }

    static List<Field> nestedColumns() {
        DataType struct = new DataType.Struct(List.of(
                new Field(11, "street", primitive(PrimitiveKind.STRING), true, "the street"),
                new Field(12, "zip", new DataType.Char(5), false, "")));
        return List.of(
                new Field(1, "id", primitive(PrimitiveKind.INT64), true, "primary id"),
                new Field(2, "price", new DataType.Decimal(38, 9), false, ""),
                new Field(3, "code", new DataType.Char(3), false, "iso code"),
                new Field(4, "label", new DataType.Varchar(200), false, ""),
                new Field(5, "hash", new DataType.Fixed(16), false, ""),
                new Field(6, "address", struct, false, "nested"),
                new Field(
                        7,
                        "tags",
                        new DataType.ListOf(new Field(13, "element", primitive(PrimitiveKind.STRING), true, "")),
                        false,
                        ""),
                new Field(
                        8,
                        "scores",
                        new DataType.MapOf(
                                new Field(14, "key", primitive(PrimitiveKind.STRING), true, ""),
                                new Field(
                                        15,
                                        "value",
                                        new DataType.ListOf(
                                                new Field(16, "element", primitive(PrimitiveKind.FLOAT64), false, "")),
                                        false,
                                        "")),
                        false,
                        ""),
                new Field(
                        9,
                        "either",
                        new DataType.Union(
                                List.of(primitive(PrimitiveKind.INT32), primitive(PrimitiveKind.STRING), struct)),
                        false,
                        ""),
                new Field(10, "at", primitive(PrimitiveKind.TIMESTAMP_TZ), false, ""),
                new Field(20, "ds", primitive(PrimitiveKind.STRING), false, "partition day"),
                new Field(21, "hr", primitive(PrimitiveKind.INT32), false, "partition hour"));
    }

    static StorageFormat richStorage() {
        SerDe serde = new SerDe(
                "serde-name",
                "org.apache.hadoop.hive.ql.io.orc.OrcSerde",
                Map.of("serialization.format", "1", "field.delim", ","),
                "a serde",
                "com.example.Ser",
                "com.example.De",
                1);
        SkewedInfo skew = new SkewedInfo(
                List.of("code", "label"),
                List.of(List.of("US", "x"), List.of("FR", "y")),
                List.of(new SkewedInfo.SkewedLocation(List.of("US", "x"), "s3://warehouse/skew/us")));
        return new StorageFormat(
                "org.apache.hadoop.hive.ql.io.orc.OrcInputFormat",
                "org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat",
                true,
                8,
                List.of("id", "code"),
                List.of(new SortColumn("id", 1), new SortColumn("code", 0)),
                serde,
                skew,
                true,
                Map.of("orc.compress", "ZSTD"));
    }

    static Table hiveTable(String namespace, String name) {
        return Table.builder(UUID.randomUUID(), TableIdentifier.inDefaultCatalog(namespace, name), TableFormat.HIVE)
                .location("s3://warehouse/" + namespace + "/" + name)
                .properties(Map.of("transient_lastDdlTime", "1714558530", "comment", "a table"))
                .schemas(List.of(
                        Schema.of(0, nestedColumns().subList(0, 3)), new Schema(1, nestedColumns(), List.of(1))))
                .currentSchemaId(1)
                .partitionSpecs(List.of(
                        PartitionSpec.unpartitioned(),
                        new PartitionSpec(
                                1,
                                List.of(
                                        new PartitionField(20, 1000, "ds", PartitionField.IDENTITY),
                                        new PartitionField(21, 1001, "hr", PartitionField.IDENTITY)))))
                .defaultSpecId(1)
                .hive(Optional.of(new HiveStorage(
                        HiveTableKind.EXTERNAL_TABLE,
                        richStorage(),
                        "select 1",
                        "select 1 from x",
                        7,
                        T1,
                        true,
                        true,
                        List.of(new WrittenColumn("at", "timestamp", ""), new WrittenColumn("id", "bigint", "key")),
                        Optional.of(new dev.lakegate.catalog.server.model.ViewSources(List.of("db.src"), "5::", T1)))))
                .metadataLocation("")
                .snapshots(List.of(
                        snapshot(101, Optional.empty()),
                        snapshot(102, Optional.of(101L)),
                        snapshot(103, Optional.of(102L))))
                .currentSnapshotId(Optional.of(103L))
                .refs(List.of(
                        SnapshotRef.branch(SnapshotRef.MAIN, 103),
                        new SnapshotRef(
                                "audit",
                                RefType.TAG,
                                102,
                                Optional.of(2),
                                Optional.of(86_400_000L),
                                Optional.of(604_800_000L))))
                .owner("bob", PrincipalType.GROUP)
                .createTime(T0)
                .updateTime(T1)
                .version(1)
                .build();
    }

    static Table icebergTable(String namespace, String name) {
        return Table.builder(UUID.randomUUID(), TableIdentifier.inDefaultCatalog(namespace, name), TableFormat.ICEBERG)
                .location("s3://warehouse/" + namespace + "/" + name)
                .properties(Map.of("table_type", "ICEBERG"))
                .schemas(List.of(Schema.of(0, nestedColumns())))
                .partitionSpecs(List.of(PartitionSpec.unpartitioned()))
                .metadataLocation("s3://warehouse/" + namespace + "/" + name + "/metadata/00001.metadata.json")
                .snapshots(List.of(snapshot(1, Optional.empty())))
                .currentSnapshotId(Optional.of(1L))
                .refs(List.of(SnapshotRef.branch(SnapshotRef.MAIN, 1)))
                .createTime(T0)
                .updateTime(T0)
                .version(1)
                .build();
    }

    static Snapshot snapshot(long id, Optional<Long> parent) {
        return new Snapshot(
                id,
                parent,
                id * 10,
                T0.plusSeconds(id),
                "append",
                Map.of("added-files", Long.toString(id), "total-records", "42"),
                "s3://warehouse/metadata/snap-" + id + ".avro",
                Optional.of((int) (id % 2)));
    }

    static Partition partition(String ds, String hr) {
        return partition(List.of(ds, hr));
    }

    static Partition partition(List<String> values) {
        return new Partition(
                values,
                "s3://warehouse/t/" + String.join("/", values),
                Map.of("numFiles", "3", "totalSize", "1024"),
                T0,
                T1,
                nestedColumns(),
                richStorage());
    }

    static List<ColumnStatistics> statisticsOfEveryKind() {
        return List.of(
                new ColumnStatistics(
                        "a_bool",
                        "boolean",
                        Optional.of(1L),
                        Optional.empty(),
                        new byte[0],
                        new byte[0],
                        new ColumnStatistics.BooleanData(10, 20)),
                new ColumnStatistics(
                        "b_long",
                        "bigint",
                        Optional.of(0L),
                        Optional.of(99L),
                        new byte[] {1, 2, 3, -1},
                        new byte[] {9, 8},
                        new ColumnStatistics.LongData(Optional.of(-5L), Optional.of(500L))),
                new ColumnStatistics(
                        "c_double",
                        "double",
                        Optional.empty(),
                        Optional.of(7L),
                        new byte[] {0},
                        new byte[0],
                        new ColumnStatistics.DoubleData(Optional.of(-1.5), Optional.empty())),
                new ColumnStatistics(
                        "d_decimal",
                        "decimal(10,2)",
                        Optional.of(2L),
                        Optional.of(3L),
                        new byte[0],
                        new byte[0],
                        new ColumnStatistics.DecimalData(
                                Optional.of(new BigDecimal("-12.50")), Optional.of(new BigDecimal("99999999.99")))),
                new ColumnStatistics(
                        "e_string",
                        "string",
                        Optional.of(3L),
                        Optional.of(4L),
                        "HLL-bits".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        new byte[0],
                        new ColumnStatistics.StringData(120, 33.25)),
                new ColumnStatistics(
                        "f_binary",
                        "binary",
                        Optional.of(0L),
                        Optional.empty(),
                        new byte[0],
                        new byte[0],
                        new ColumnStatistics.BinaryData(4096, 512.5)),
                new ColumnStatistics(
                        "g_date",
                        "date",
                        Optional.of(5L),
                        Optional.of(365L),
                        new byte[0],
                        new byte[0],
                        new ColumnStatistics.DateData(Optional.of(19_000L), Optional.of(19_365L))),
                new ColumnStatistics(
                        "h_timestamp",
                        "timestamp",
                        Optional.of(6L),
                        Optional.of(1000L),
                        new byte[0],
                        new byte[0],
                        new ColumnStatistics.TimestampData(Optional.of(1_700_000_000L), Optional.empty())),
                new ColumnStatistics(
                        "i_void",
                        "void",
                        Optional.of(7L),
                        Optional.empty(),
                        new byte[0],
                        new byte[0],
                        new ColumnStatistics.NoData()));
    }

    static Function function(String namespace, String name) {
        return new Function(
                namespace,
                name,
                "com.example.udf.Upper",
                "carol",
                PrincipalType.ROLE,
                List.of(
                        new Function.Resource(Function.ResourceType.JAR, "s3://jars/udf.jar"),
                        new Function.Resource(Function.ResourceType.FILE, "s3://files/dict.txt")),
                T0,
                "hive");
    }

    static Lease lease(long id, String namespace, String table) {
        return new Lease(
                id,
                List.of(
                        new Lease.Resource(namespace, table, Lease.Mode.EXCLUSIVE),
                        new Lease.Resource(namespace, "", Lease.Mode.SHARED)),
                "host-1:thread-2",
                Lease.State.WAITING,
                T0,
                Optional.empty(),
                T1,
                Duration.ofMinutes(5).plusNanos(1000),
                0L);
    }
}

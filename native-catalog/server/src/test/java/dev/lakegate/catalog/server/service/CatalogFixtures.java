package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventQuery;
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
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SortColumn;
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
import java.util.concurrent.atomic.AtomicInteger;

/** Objects for the catalog suites: rich enough that a field lost on any path shows. */
public final class CatalogFixtures {

    private static final AtomicInteger NEXT = new AtomicInteger();

    public static final StorageFormat PARQUET = new StorageFormat(
            "org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat",
            "org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat",
            false,
            4,
            List.of("id"),
            List.of(new SortColumn("id", 1)),
            new SerDe(
                    "parquet",
                    "org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe",
                    Map.of("serialization.format", "1"),
                    "",
                    "",
                    "",
                    0),
            new SkewedInfo(
                    List.of("name"),
                    List.of(List.of("a"), List.of("b")),
                    List.of(new SkewedInfo.SkewedLocation(List.of("a"), "file:/tmp/skew/a"))),
            false,
            Map.of("sd.param", "x"));

    private CatalogFixtures() {}

    /** A name no other test of this run uses, so suites can share one store. */
    public static String unique(String prefix) {
        return prefix + "_" + NEXT.incrementAndGet() + "_" + Long.toHexString(System.nanoTime() & 0xFFFFFF);
    }

    public static Namespace namespace(String name) {
        return new Namespace(
                name,
                "file:/warehouse/" + name + ".db",
                "a comment",
                "alice",
                PrincipalType.USER,
                Map.of("owner.team", "lake"),
                Instant.EPOCH,
                0,
                "");
    }

    public static List<Field> dataColumns() {
        return List.of(
                new Field(1, "id", DataType.primitive(PrimitiveKind.INT64), true, "the key"),
                Field.optional(2, "name", new DataType.Varchar(64)),
                Field.optional(3, "price", new DataType.Decimal(12, 2)),
                Field.optional(4, "code", new DataType.Char(3)),
                Field.optional(
                        5,
                        "tags",
                        new DataType.ListOf(Field.optional(6, "element", DataType.primitive(PrimitiveKind.STRING)))),
                Field.optional(
                        7,
                        "attributes",
                        new DataType.MapOf(
                                new Field(8, "key", DataType.primitive(PrimitiveKind.STRING), true, ""),
                                Field.optional(9, "value", DataType.primitive(PrimitiveKind.FLOAT64)))),
                Field.optional(
                        10,
                        "address",
                        new DataType.Struct(List.of(
                                Field.optional(11, "street", DataType.primitive(PrimitiveKind.STRING)),
                                Field.optional(12, "zip", DataType.primitive(PrimitiveKind.INT32))))),
                Field.optional(
                        13,
                        "either",
                        new DataType.Union(List.of(
                                DataType.primitive(PrimitiveKind.INT32), DataType.primitive(PrimitiveKind.STRING)))),
                Field.optional(14, "seen", DataType.primitive(PrimitiveKind.TIMESTAMP)));
    }

    /** A Hive table partitioned by a string key {@code ds} and an integral key {@code hr}. */
    public static Table hiveTable(String namespace, String name) {
        List<Field> fields = new ArrayList<>(dataColumns());
        fields.add(Field.optional(20, "ds", DataType.primitive(PrimitiveKind.STRING)));
        fields.add(Field.optional(21, "hr", DataType.primitive(PrimitiveKind.INT32)));
        return Table.builder(UUID.randomUUID(), TableIdentifier.inDefaultCatalog(namespace, name), TableFormat.HIVE)
                .location("file:/warehouse/" + namespace + ".db/" + name)
                .properties(Map.of("numRows", "0", "comment", "rich"))
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
                        7,
                        Instant.ofEpochSecond(1_700_000_000),
                        false,
                        false,
                        List.of(),
                        Optional.empty())))
                .owner("alice", PrincipalType.USER)
                .build();
    }

    public static Table unpartitionedHiveTable(String namespace, String name) {
        return hiveTable(namespace, name).toBuilder()
                .schemas(List.of(Schema.of(0, dataColumns())))
                .partitionSpecs(List.of(PartitionSpec.unpartitioned()))
                .build();
    }

    /** A Paimon table whose partitions its HiveCatalog registers in the metastore: Hive's keys, Paimon's format. */
    public static Table paimonTable(String namespace, String name) {
        return hiveTable(namespace, name).toBuilder().format(TableFormat.PAIMON).build();
    }

    public static Table icebergTable(String namespace, String name) {
        return Table.builder(UUID.randomUUID(), TableIdentifier.inDefaultCatalog(namespace, name), TableFormat.ICEBERG)
                .location("file:/warehouse/" + namespace + ".db/" + name)
                .properties(Map.of("format-version", "2"))
                .schemas(List.of(new Schema(0, dataColumns(), List.of(1))))
                .currentSchemaId(0)
                .partitionSpecs(List.of(new PartitionSpec(
                        0,
                        List.of(
                                new PartitionField(14, 1000, "seen_day", "day"),
                                new PartitionField(1, 1001, "id_bucket", "bucket[16]")))))
                .defaultSpecId(0)
                .metadataLocation("s3://warehouse/" + namespace + ".db/" + name + "/metadata/00000.metadata.json")
                .build();
    }

    public static Snapshot snapshot(long id, Optional<Long> parent) {
        return new Snapshot(
                id,
                parent,
                id,
                Instant.ofEpochMilli(1_700_000_000_000L + id),
                "append",
                Map.of("added-records", "10", "total-records", Long.toString(10 * id)),
                "file:/warehouse/snap-" + id + ".avro",
                Optional.of(0));
    }

    public static Partition partition(String ds, int hr) {
        return new Partition(
                List.of(ds, Integer.toString(hr)),
                "file:/warehouse/p/ds=" + ds + "/hr=" + hr,
                Map.of("numFiles", "1"),
                Instant.EPOCH,
                Instant.EPOCH,
                dataColumns(),
                PARQUET);
    }

    /** Every event after {@code id}, read page by page. */
    public static List<Event> eventsAfter(Catalog catalog, long id) {
        List<Event> events = new ArrayList<>();
        long after = id;
        while (true) {
            List<Event> page =
                    catalog.listEvents(EventQuery.after(after, 1_000)).events();
            if (page.isEmpty()) {
                return events;
            }
            events.addAll(page);
            after = page.get(page.size() - 1).id();
        }
    }
}

package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.HiveStorage;
import dev.lakegate.catalog.server.model.HiveTableKind;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionFilter;
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
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.StorageFormat;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.server.model.WrittenColumn;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Rich domain objects for mapping tests: every variant of every sealed type, optional parts both
 * present and absent, non-default values everywhere (so a dropped field cannot hide behind a default).
 */
public final class DomainFixtures {

    public static final Instant CREATED = Instant.parse("2024-03-01T10:15:30.123456789Z");
    public static final Instant UPDATED = Instant.parse("2024-03-02T11:00:00.5Z");
    public static final TableIdentifier SALES = TableIdentifier.inDefaultCatalog("shop", "sales");

    private DomainFixtures() {}

    /** A struct with one field of every type, nested types inside nested types. */
    public static DataType everyType() {
        List<Field> fields = new ArrayList<>();
        int id = 100;
        for (PrimitiveKind kind : PrimitiveKind.values()) {
            fields.add(new Field(
                    id++, "p_" + kind.name().toLowerCase(), DataType.primitive(kind), id % 2 == 0, "a " + kind));
        }
        DataType inner = new DataType.Struct(List.of(
                Field.optional(1, "x", new DataType.Decimal(38, 10)),
                new Field(2, "y", new DataType.Char(7), true, "padded")));
        fields.add(Field.optional(id++, "decimal", new DataType.Decimal(12, 3)));
        fields.add(Field.optional(id++, "char", new DataType.Char(10)));
        fields.add(Field.optional(id++, "varchar", new DataType.Varchar(255)));
        fields.add(Field.optional(id++, "fixed", new DataType.Fixed(16)));
        fields.add(Field.optional(
                id++,
                "list",
                new DataType.ListOf(new Field(
                        id++,
                        "element",
                        new DataType.MapOf(
                                new Field(id++, "key", DataType.primitive(PrimitiveKind.STRING), true, ""),
                                Field.optional(id++, "value", inner)),
                        true,
                        "list of maps"))));
        fields.add(Field.optional(
                id++,
                "union",
                new DataType.Union(List.of(
                        DataType.primitive(PrimitiveKind.INT32),
                        new DataType.ListOf(Field.optional(id++, "e", inner)),
                        new DataType.Union(List.of(new DataType.Varchar(3)))))));
        fields.add(Field.optional(id, "empty_struct", new DataType.Struct(List.of())));
        return new DataType.Struct(fields);
    }

    public static Schema schema(int schemaId) {
        return new Schema(
                schemaId,
                List.of(
                        new Field(1, "id", DataType.primitive(PrimitiveKind.INT64), true, "key"),
                        Field.optional(2, "payload", everyType()),
                        Field.optional(3, "day", DataType.primitive(PrimitiveKind.STRING))),
                List.of(1));
    }

    public static PartitionSpec spec() {
        return new PartitionSpec(
                3,
                List.of(
                        new PartitionField(3, 1000, "day", PartitionField.IDENTITY),
                        new PartitionField(1, 1001, "id_bucket", "bucket[16]")));
    }

    public static StorageFormat storage() {
        return new StorageFormat(
                "org.apache.hadoop.mapred.TextInputFormat",
                "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat",
                true,
                8,
                List.of("id", "day"),
                List.of(new SortColumn("id", 1), new SortColumn("day", 0)),
                new SerDe(
                        "lazy",
                        "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe",
                        Map.of("field.delim", ",", "serialization.format", "1"),
                        "text",
                        "ser.Class",
                        "deser.Class",
                        2),
                new SkewedInfo(
                        List.of("id", "day"),
                        List.of(List.of("1", "a"), List.of("2", "b")),
                        List.of(
                                new SkewedInfo.SkewedLocation(List.of("1", "a"), "file:/w/skew/1"),
                                new SkewedInfo.SkewedLocation(List.of("2", "b"), "file:/w/skew/2"))),
                true,
                Map.of("storage.param", "yes"));
    }

    public static HiveStorage hive() {
        return new HiveStorage(
                HiveTableKind.VIRTUAL_VIEW,
                storage(),
                "select 1",
                "select `1`",
                30,
                UPDATED,
                true,
                true,
                List.of(new WrittenColumn("at", "timestamp", "when it happened")),
                Optional.of(new dev.lakegate.catalog.server.model.ViewSources(
                        List.of("db.src", "db.other"), "7:9223372036854775807::", UPDATED)));
    }

    public static List<Snapshot> snapshots() {
        return List.of(
                new Snapshot(
                        1,
                        Optional.empty(),
                        1,
                        CREATED,
                        "append",
                        Map.of("added-files", "3"),
                        "s3://m/1.avro",
                        Optional.of(0)),
                new Snapshot(2, Optional.of(1L), 2, UPDATED, "overwrite", Map.of(), "s3://m/2.avro", Optional.empty()));
    }

    public static List<SnapshotRef> refs() {
        return List.of(
                SnapshotRef.branch(SnapshotRef.MAIN, 2),
                new SnapshotRef("audit", RefType.BRANCH, 1, Optional.of(5), Optional.of(86_400_000L), Optional.of(7L)),
                new SnapshotRef("v1", RefType.TAG, 1, Optional.empty(), Optional.empty(), Optional.of(99L)));
    }

    /** A Hive-format table with every part set. */
    public static Table hiveTable() {
        return Table.builder(UUID.fromString("6f1c3a52-8d1e-4c1a-9e37-1b5b0a7c2d11"), SALES, TableFormat.HIVE)
                .location("file:/w/shop/sales")
                .properties(Map.of("transient_lastDdlTime", "1700000000", "comment", "sales"))
                .schemas(List.of(schema(0), schema(1)))
                .currentSchemaId(1)
                .partitionSpecs(List.of(
                        PartitionSpec.unpartitioned(),
                        new PartitionSpec(1, List.of(new PartitionField(3, 1000, "day", PartitionField.IDENTITY)))))
                .defaultSpecId(1)
                .hive(Optional.of(hive()))
                .owner("etl", PrincipalType.ROLE)
                .createTime(CREATED)
                .updateTime(UPDATED)
                .version(7)
                .build();
    }

    /** An Iceberg table with snapshots and refs, no Hive extension. */
    public static Table icebergTable() {
        return Table.builder(
                        UUID.fromString("0e5d2c1b-1111-4a2b-8c3d-4e5f60718293"),
                        TableIdentifier.inDefaultCatalog("lake", "events"),
                        TableFormat.ICEBERG)
                .location("s3://lake/events")
                .properties(Map.of("format-version", "2"))
                .schemas(List.of(schema(0)))
                .partitionSpecs(List.of(spec()))
                .defaultSpecId(3)
                .metadataLocation("s3://lake/events/metadata/00002.metadata.json")
                .snapshots(snapshots())
                .currentSnapshotId(Optional.of(2L))
                .refs(refs())
                .owner("alice", PrincipalType.USER)
                .createTime(CREATED)
                .updateTime(UPDATED)
                .version(3)
                .build();
    }

    public static Namespace namespace() {
        return new Namespace(
                "shop",
                "file:/w/shop",
                "the shop",
                "admins",
                PrincipalType.GROUP,
                Map.of("owner.team", "data"),
                CREATED,
                4,
                "");
    }

    public static Partition partition(String day) {
        return new Partition(
                List.of(day),
                "file:/w/shop/sales/day=" + day,
                Map.of("numRows", "10"),
                CREATED,
                UPDATED,
                List.of(Field.optional(1, "id", DataType.primitive(PrimitiveKind.INT64))),
                storage());
    }

    public static List<TableRequirement> everyRequirement() {
        return List.of(
                new TableRequirement.AssertVersion(7),
                new TableRequirement.AssertTableId(hiveTable().id()),
                new TableRequirement.AssertMetadataLocation("s3://m/1.json"),
                new TableRequirement.AssertMetadataLocation(""),
                new TableRequirement.AssertRefSnapshot("main", Optional.of(2L)),
                new TableRequirement.AssertRefSnapshot("new-branch", Optional.empty()),
                new TableRequirement.AssertCurrentSchemaId(1),
                new TableRequirement.AssertProperty("metadata_location", Optional.of("s3://m/1.json")),
                new TableRequirement.AssertProperty("lock", Optional.empty()));
    }

    public static List<TableUpdate> everyUpdate() {
        return List.of(
                new TableUpdate.SetProperties(Map.of("a", "1", "b", "")),
                new TableUpdate.RemoveProperties(List.of("c", "d")),
                new TableUpdate.SetLocation("s3://moved"),
                new TableUpdate.AddSchema(schema(2)),
                new TableUpdate.SetCurrentSchema(TableUpdate.LAST_ADDED),
                new TableUpdate.AddPartitionSpec(spec()),
                new TableUpdate.SetDefaultSpec(3),
                new TableUpdate.SetHiveStorage(hive()),
                new TableUpdate.SetMetadataLocation("s3://m/2.json"),
                new TableUpdate.AddSnapshot(snapshots().get(1)),
                new TableUpdate.RemoveSnapshots(List.of(1L, 5L)),
                new TableUpdate.SetRef(refs().get(1)),
                new TableUpdate.RemoveRef("v1"),
                new TableUpdate.Rename(TableIdentifier.inDefaultCatalog("shop", "sales_v2")),
                new TableUpdate.SetOwner("bob", PrincipalType.USER));
    }

    /** One tree that holds every kind of filter. */
    public static PartitionFilter everyFilter() {
        return new PartitionFilter.Or(List.of(
                new PartitionFilter.And(List.of(
                        new PartitionFilter.Compare("day", PartitionFilter.Operator.GREATER_OR_EQUAL, "2024-01-01"),
                        new PartitionFilter.Not(new PartitionFilter.Like("country", "F_%", true)))),
                new PartitionFilter.In("hour", List.of("1", "2"), false),
                new PartitionFilter.Between("hour", "10", "12", true),
                new PartitionFilter.And(Arrays.stream(PartitionFilter.Operator.values())
                        .map(operator -> (PartitionFilter) new PartitionFilter.Compare("k", operator, "v"))
                        .toList()),
                new PartitionFilter.Or(List.of())));
    }

    public static List<ColumnStatistics> everyStatistics() {
        byte[] bits = {(byte) 0xFF, 0x00, 0x7F, (byte) 0x80};
        return List.of(
                statistics("flag", "boolean", new ColumnStatistics.BooleanData(3, 4), bits),
                statistics(
                        "id",
                        "bigint",
                        new ColumnStatistics.LongData(Optional.of(-5L), Optional.of(Long.MAX_VALUE)),
                        bits),
                statistics(
                        "id2",
                        "bigint",
                        new ColumnStatistics.LongData(Optional.empty(), Optional.empty()),
                        new byte[0]),
                statistics(
                        "ratio",
                        "double",
                        new ColumnStatistics.DoubleData(Optional.of(-0.5), Optional.of(1e300)),
                        bits),
                statistics(
                        "ratio2",
                        "double",
                        new ColumnStatistics.DoubleData(Optional.empty(), Optional.of(Double.NaN)),
                        bits),
                statistics(
                        "price",
                        "decimal(38,10)",
                        new ColumnStatistics.DecimalData(
                                Optional.of(new BigDecimal("-12345678901234567890.1234567890")),
                                Optional.of(new BigDecimal("99999999999999999999999999.9999999999"))),
                        bits),
                statistics(
                        "price2",
                        "decimal(5,2)",
                        new ColumnStatistics.DecimalData(Optional.of(new BigDecimal("0.00")), Optional.empty()),
                        bits),
                statistics("name", "string", new ColumnStatistics.StringData(40, 12.5), bits),
                statistics("blob", "binary", new ColumnStatistics.BinaryData(4096, 300.25), new byte[0]),
                statistics("day", "date", new ColumnStatistics.DateData(Optional.of(-3L), Optional.of(19_000L)), bits),
                statistics(
                        "at", "timestamp", new ColumnStatistics.TimestampData(Optional.of(0L), Optional.empty()), bits),
                new ColumnStatistics(
                        "void", "void", Optional.empty(), Optional.empty(), null, null, new ColumnStatistics.NoData()));
    }

    private static ColumnStatistics statistics(String column, String type, ColumnStatistics.Data data, byte[] bits) {
        return new ColumnStatistics(column, type, Optional.of(2L), Optional.of(9L), bits, new byte[] {1, 2, 3}, data);
    }

    public static StatisticsTarget partitionTarget() {
        return new StatisticsTarget(SALES, List.of("2024-01-01"), "spark");
    }

    public static Function function() {
        return new Function(
                "shop",
                "to_upper",
                "com.example.ToUpper",
                "alice",
                PrincipalType.ROLE,
                List.of(
                        new Function.Resource(Function.ResourceType.JAR, "file:/udf.jar"),
                        new Function.Resource(Function.ResourceType.FILE, "file:/dict.txt"),
                        new Function.Resource(Function.ResourceType.ARCHIVE, "file:/a.zip")),
                CREATED,
                "hive");
    }

    public static Lease acquiredLease() {
        return new Lease(
                42,
                List.of(
                        new Lease.Resource("shop", "sales", Lease.Mode.EXCLUSIVE),
                        new Lease.Resource("shop", "", Lease.Mode.SHARED)),
                "alice@host",
                Lease.State.ACQUIRED,
                CREATED,
                Optional.of(UPDATED),
                UPDATED.plusSeconds(300),
                Duration.ofMinutes(5),
                0L);
    }

    public static Lease waitingLease() {
        return new Lease(
                43,
                List.of(new Lease.Resource("shop", "sales", Lease.Mode.SHARED)),
                "",
                Lease.State.WAITING,
                CREATED,
                Optional.empty(),
                CREATED.plusMillis(1500),
                Duration.ofMillis(1500),
                0L);
    }

    /** One event of every kind of change, with before/after present and absent. */
    public static List<Event> everyEvent() {
        Table table = hiveTable();
        return List.of(
                event(
                        1,
                        EventType.NAMESPACE_CREATED,
                        "",
                        new EventChange.NamespaceChange(Optional.empty(), Optional.of(namespace()))),
                event(
                        2,
                        EventType.NAMESPACE_UPDATED,
                        "",
                        new EventChange.NamespaceChange(
                                Optional.of(namespace()),
                                Optional.of(namespace().withVersion(5)))),
                event(
                        3,
                        EventType.TABLE_CREATED,
                        "sales",
                        new EventChange.TableChange(Optional.empty(), Optional.of(table), List.of())),
                event(
                        4,
                        EventType.TABLE_COMMITTED,
                        "events",
                        new EventChange.TableChange(
                                Optional.of(icebergTable().withoutSnapshots()),
                                Optional.of(icebergTable().withoutSnapshots()),
                                everyUpdate())),
                event(
                        5,
                        EventType.TABLE_DELETED,
                        "sales",
                        new EventChange.TableChange(Optional.of(table), Optional.empty(), List.of())),
                event(
                        6,
                        EventType.PARTITIONS_ADDED,
                        "sales",
                        new EventChange.PartitionsChange(
                                table, List.of(), List.of(partition("2024-01-01"), partition("")))),
                event(
                        7,
                        EventType.PARTITIONS_UPDATED,
                        "sales",
                        new EventChange.PartitionsChange(
                                table, List.of(partition("2024-01-01")), List.of(partition("2024-01-02")))),
                event(
                        8,
                        EventType.STATISTICS_UPDATED,
                        "sales",
                        new EventChange.StatisticsChange(partitionTarget(), everyStatistics(), List.of())),
                event(
                        9,
                        EventType.STATISTICS_DELETED,
                        "sales",
                        new EventChange.StatisticsChange(
                                StatisticsTarget.ofTable(SALES), List.of(), List.of("id", "day"))),
                event(
                        10,
                        EventType.FUNCTION_UPDATED,
                        "to_upper",
                        new EventChange.FunctionChange(
                                Optional.of(function()), Optional.of(function().withName("shop", "upper")))),
                event(
                        11,
                        EventType.FUNCTION_DELETED,
                        "to_upper",
                        new EventChange.FunctionChange(Optional.of(function()), Optional.empty())),
                event(
                        12,
                        EventType.DATA_INSERTED,
                        "sales",
                        new EventChange.DataInserted(
                                table,
                                Optional.of(partition("2024-01-01")),
                                true,
                                List.of(
                                        new dev.lakegate.catalog.server.model.InsertedFile("file:/w/f1", "c1", ""),
                                        new dev.lakegate.catalog.server.model.InsertedFile("file:/w/f2", "", "sub")))),
                event(
                        13,
                        EventType.DATA_INSERTED,
                        "sales",
                        new EventChange.DataInserted(table, Optional.empty(), false, List.of())),
                event(14, EventType.ACID_OPENED, "", EventChange.AcidTransactionsChange.of(List.of(7L, 8L, 9L))),
                event(
                        15,
                        EventType.ACID_WRITE_IDS_ALLOCATED,
                        "sales",
                        new EventChange.AcidTransactionsChange(List.of(7L, 9L), List.of(1L, 2L))),
                event(
                        16,
                        EventType.FOREIGN,
                        "orders",
                        new EventChange.Foreign(
                                42, CREATED.plusSeconds(3), "CREATE_TABLE", "{\"server\":\"\"}", "json-0.2")));
    }

    public static Event event(long id, EventType type, String table, EventChange change) {
        return new Event(id, CREATED.plusSeconds(id), "alice", type, "shop", table, "req-" + id, change, "hive");
    }
}

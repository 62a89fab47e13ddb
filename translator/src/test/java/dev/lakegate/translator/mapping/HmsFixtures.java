package dev.lakegate.translator.mapping;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.BinaryColumnStatsData;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.DatabaseType;
import org.apache.hadoop.hive.metastore.api.Date;
import org.apache.hadoop.hive.metastore.api.DateColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Decimal;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.FunctionType;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Order;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.ResourceType;
import org.apache.hadoop.hive.metastore.api.ResourceUri;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.SerdeType;
import org.apache.hadoop.hive.metastore.api.SkewedInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.Timestamp;
import org.apache.hadoop.hive.metastore.api.TimestampColumnStatsData;

/** HMS structs with every field the translator carries set, as HMS itself would return them. */
public final class HmsFixtures {

    private HmsFixtures() {}

    public static Database database() {
        Database database = new Database(
                "sales",
                "Sales data",
                "s3://bucket/sales.db",
                new HashMap<>(Map.of("owner_team", "analytics", "k", "v")));
        database.setOwnerName("alice");
        database.setOwnerType(PrincipalType.ROLE);
        database.setCatalogName("hive");
        database.setCreateTime(1_700_000_000);
        database.setManagedLocationUri("s3://bucket/managed/sales.db");
        database.setType(DatabaseType.NATIVE);
        return database;
    }

    public static StorageDescriptor storage(List<FieldSchema> columns, String location) {
        SerDeInfo serde = new SerDeInfo(
                "orc-serde",
                "org.apache.hadoop.hive.ql.io.orc.OrcSerde",
                new HashMap<>(Map.of("serialization.format", "1")));
        serde.setDescription("the serde");
        serde.setSerializerClass("com.example.Ser");
        serde.setDeserializerClass("com.example.De");
        serde.setSerdeType(SerdeType.HIVE);
        List<List<String>> skewedValues =
                new ArrayList<>(List.of(new ArrayList<>(List.of("1", "a")), new ArrayList<>(List.of("2", "b"))));
        Map<List<String>, String> skewedLocations =
                new HashMap<>(Map.of(new ArrayList<>(List.of("1", "a")), location + "/skew1"));
        StorageDescriptor sd = new StorageDescriptor(
                columns,
                location,
                "org.apache.hadoop.hive.ql.io.orc.OrcInputFormat",
                "org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat",
                true,
                8,
                serde,
                new ArrayList<>(List.of("id")),
                new ArrayList<>(List.of(new Order("id", 1), new Order("name", 0))),
                new HashMap<>(Map.of("sd.param", "x")));
        sd.setSkewedInfo(new SkewedInfo(new ArrayList<>(List.of("id", "name")), skewedValues, skewedLocations));
        sd.setStoredAsSubDirectories(true);
        return sd;
    }

    public static List<FieldSchema> columns() {
        return new ArrayList<>(List.of(
                new FieldSchema("id", "bigint", "the id"),
                new FieldSchema("name", "varchar(64)", null),
                new FieldSchema("amount", "decimal(10,2)", "money"),
                new FieldSchema("tags", "array<string>", null),
                new FieldSchema("attrs", "map<string,struct<a:int,b:timestamp>>", null),
                new FieldSchema("u", "uniontype<int,string>", null)));
    }

    public static Table hiveTable() {
        List<FieldSchema> keys =
                new ArrayList<>(List.of(new FieldSchema("ds", "string", "day"), new FieldSchema("hr", "int", null)));
        Table table = new Table(
                "orders",
                "sales",
                "bob",
                1_700_000_100,
                1_700_000_200,
                7,
                storage(columns(), "s3://bucket/sales.db/orders"),
                keys,
                new HashMap<>(Map.of("transient_lastDdlTime", "1700000100", "comment", "orders table")),
                null,
                null,
                "MANAGED_TABLE");
        table.setOwnerType(PrincipalType.USER);
        table.setRewriteEnabled(false);
        table.setCatName("hive");
        table.setWriteId(0);
        return table;
    }

    /** A table as Iceberg's HiveCatalog writes it (Hive engine integration on). */
    public static Table icebergTable() {
        StorageDescriptor sd = new StorageDescriptor(
                new ArrayList<>(
                        List.of(new FieldSchema("id", "bigint", null), new FieldSchema("data", "string", null))),
                "s3://bucket/sales.db/events",
                "org.apache.iceberg.mr.hive.HiveIcebergInputFormat",
                "org.apache.iceberg.mr.hive.HiveIcebergOutputFormat",
                false,
                -1,
                new SerDeInfo(null, "org.apache.iceberg.mr.hive.HiveIcebergSerDe", new HashMap<>()),
                new ArrayList<>(),
                new ArrayList<>(),
                new HashMap<>());
        sd.setSkewedInfo(new SkewedInfo(new ArrayList<>(), new ArrayList<>(), new HashMap<>()));
        sd.setStoredAsSubDirectories(false);
        Map<String, String> parameters = new HashMap<>(Map.of(
                "table_type",
                "ICEBERG",
                "EXTERNAL",
                "TRUE",
                "metadata_location",
                "s3://bucket/sales.db/events/metadata/00001-abc.metadata.json",
                "previous_metadata_location",
                "s3://bucket/sales.db/events/metadata/00000-def.metadata.json",
                "uuid",
                "8d2e3f2a-5c1e-4a8e-9a57-0f2f3c1d7b11",
                "numFiles",
                "3"));
        Table table = new Table(
                "events",
                "sales",
                "carol",
                1_700_001_000,
                0,
                2147483647,
                sd,
                new ArrayList<>(),
                parameters,
                null,
                null,
                "EXTERNAL_TABLE");
        table.setOwnerType(PrincipalType.USER);
        table.setRewriteEnabled(false);
        table.setCatName("hive");
        table.setWriteId(0);
        return table;
    }

    /** A partitioned primary-key table as Paimon's HiveCatalog writes it with {@code metastore.partitioned-table}. */
    public static Table paimonTable() {
        Table table = icebergTable();
        StorageDescriptor sd = table.getSd();
        sd.setCols(new ArrayList<>(
                List.of(new FieldSchema("id", "int", null), new FieldSchema("amount", "bigint", null))));
        sd.setLocation("file:/warehouse/sales.db/orders");
        sd.setInputFormat("org.apache.paimon.hive.mapred.PaimonInputFormat");
        sd.setOutputFormat("org.apache.paimon.hive.mapred.PaimonOutputFormat");
        sd.getSerdeInfo().setSerializationLib("org.apache.paimon.hive.PaimonSerDe");
        table.setTableName("orders");
        table.setTableType("MANAGED_TABLE");
        table.setPartitionKeys(new ArrayList<>(List.of(new FieldSchema("dt", "string", null))));
        table.setParameters(new HashMap<>(Map.of("table_type", "PAIMON", "transient_lastDdlTime", "1700002000")));
        return table;
    }

    public static Table view() {
        Table table = new Table(
                "v_orders",
                "sales",
                "bob",
                1_700_000_300,
                0,
                0,
                new StorageDescriptor(
                        new ArrayList<>(List.of(new FieldSchema("id", "bigint", null))),
                        null,
                        null,
                        null,
                        false,
                        -1,
                        new SerDeInfo(null, null, new HashMap<>()),
                        new ArrayList<>(),
                        new ArrayList<>(),
                        new HashMap<>()),
                new ArrayList<>(),
                new HashMap<>(),
                "select id from orders",
                "select `orders`.`id` from `sales`.`orders`",
                "VIRTUAL_VIEW");
        table.getSd().setSkewedInfo(new SkewedInfo(new ArrayList<>(), new ArrayList<>(), new HashMap<>()));
        table.getSd().setStoredAsSubDirectories(false);
        table.setOwnerType(PrincipalType.USER);
        table.setCatName("hive");
        table.setWriteId(0);
        table.setRewriteEnabled(true);
        table.setTemporary(true);
        return table;
    }

    public static Partition partition() {
        Partition partition = new Partition(
                new ArrayList<>(List.of("2024-01-01", "__HIVE_DEFAULT_PARTITION__")),
                "sales",
                "orders",
                1_700_002_000,
                1_700_002_100,
                storage(columns(), "s3://bucket/sales.db/orders/ds=2024-01-01/hr=__HIVE_DEFAULT_PARTITION__"),
                new HashMap<>(Map.of("numRows", "10")));
        partition.setCatName("hive");
        partition.setWriteId(-1);
        return partition;
    }

    public static Function function() {
        Function function = new Function(
                "my_upper",
                "sales",
                "com.example.Upper",
                "dave",
                PrincipalType.USER,
                1_700_003_000,
                FunctionType.JAVA,
                new ArrayList<>(List.of(
                        new ResourceUri(ResourceType.JAR, "s3://b/u.jar"),
                        new ResourceUri(ResourceType.FILE, "s3://b/f.txt"),
                        new ResourceUri(ResourceType.ARCHIVE, "s3://b/a.zip"))));
        function.setCatName("hive");
        return function;
    }

    public static List<ColumnStatisticsObj> statistics() {
        LongColumnStatsData longs = new LongColumnStatsData(1, 100);
        longs.setLowValue(-5);
        longs.setHighValue(5000);
        longs.setBitVectors(new byte[] {1, 2, 3});
        longs.setHistogram(new byte[] {9, 8});
        DoubleColumnStatsData doubles = new DoubleColumnStatsData(2, 50);
        doubles.setLowValue(-1.5);
        DecimalColumnStatsData decimals = new DecimalColumnStatsData(3, 7);
        decimals.setLowValue(new Decimal(
                (short) 2, ByteBuffer.wrap(BigInteger.valueOf(-12345).toByteArray())));
        decimals.setHighValue(
                new Decimal((short) 2, ByteBuffer.wrap(BigInteger.valueOf(99999).toByteArray())));
        StringColumnStatsData strings = new StringColumnStatsData(64, 12.5, 4, 30);
        strings.setBitVectors(new byte[] {7});
        BooleanColumnStatsData booleans = new BooleanColumnStatsData(10, 20, 5);
        BinaryColumnStatsData binaries = new BinaryColumnStatsData(1024, 300.25, 6);
        DateColumnStatsData dates = new DateColumnStatsData(0, 365);
        dates.setLowValue(new Date(19000));
        dates.setHighValue(new Date(19365));
        TimestampColumnStatsData timestamps = new TimestampColumnStatsData(8, 9);
        timestamps.setHighValue(new Timestamp(1_700_000_000L));
        timestamps.setHistogram(new byte[] {4, 4});
        List<ColumnStatisticsObj> objects = new ArrayList<>();
        objects.add(new ColumnStatisticsObj("id", "bigint", ColumnStatisticsData.longStats(longs)));
        objects.add(new ColumnStatisticsObj("ratio", "double", ColumnStatisticsData.doubleStats(doubles)));
        objects.add(new ColumnStatisticsObj("amount", "decimal(10,2)", ColumnStatisticsData.decimalStats(decimals)));
        objects.add(new ColumnStatisticsObj("name", "varchar(64)", ColumnStatisticsData.stringStats(strings)));
        objects.add(new ColumnStatisticsObj("flag", "boolean", ColumnStatisticsData.booleanStats(booleans)));
        objects.add(new ColumnStatisticsObj("blob", "binary", ColumnStatisticsData.binaryStats(binaries)));
        objects.add(new ColumnStatisticsObj("day", "date", ColumnStatisticsData.dateStats(dates)));
        objects.add(new ColumnStatisticsObj("at", "timestamp", ColumnStatisticsData.timestampStats(timestamps)));
        return objects;
    }
}

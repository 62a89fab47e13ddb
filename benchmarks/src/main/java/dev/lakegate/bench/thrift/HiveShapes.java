package dev.lakegate.bench.thrift;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * What the Thrift benchmark stores, as Thrift objects a Hive-era engine sends: one database; Hive tables
 * of ten data columns of mixed types (those of the catalog benchmark's {@code BenchTables}), a Parquet
 * storage descriptor and the usual parameters, partitioned by {@code ds string, hr int}; and partitions
 * {@code ds=<date>/hr=<n>} of one of them. Locations are left to the server (its warehouse), as
 * {@code CREATE TABLE} without {@code LOCATION} does.
 */
public final class HiveShapes {

    public static final String DATABASE = "bench";
    /** The table that gets the partitions. */
    public static final String PARTITIONED = "events";

    private static final int CREATED = 1_700_000_000;
    private static final LocalDate FIRST_DAY = LocalDate.of(2024, 1, 1);

    private HiveShapes() {}

    public static Database database() {
        Database db = new Database();
        db.setName(DATABASE);
        db.setDescription("Thrift benchmark");
        db.setParameters(new HashMap<>(Map.of("owner.team", "lake")));
        db.setOwnerName("etl");
        db.setOwnerType(PrincipalType.USER);
        return db;
    }

    /** {@code t000} ... the tables that {@code get_table_req} reads. */
    public static String tableName(int i) {
        return String.format("t%03d", i);
    }

    static List<FieldSchema> dataColumns() {
        return List.of(
                new FieldSchema("id", "bigint", "surrogate key"),
                new FieldSchema("customer_name", "varchar(64)", null),
                new FieldSchema("price", "decimal(12,2)", null),
                new FieldSchema("currency", "char(3)", null),
                new FieldSchema("quantity", "int", null),
                new FieldSchema("tags", "array<string>", null),
                new FieldSchema("attributes", "map<string,double>", null),
                new FieldSchema("shipping_address", "struct<street:string,city:string,zip:int>", null),
                new FieldSchema("is_gift", "boolean", null),
                new FieldSchema("ordered_at", "timestamp", null));
    }

    static List<FieldSchema> partitionKeys() {
        return List.of(new FieldSchema("ds", "string", null), new FieldSchema("hr", "int", null));
    }

    static StorageDescriptor parquet(String location) {
        SerDeInfo serde = new SerDeInfo();
        serde.setSerializationLib("org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe");
        serde.setParameters(new HashMap<>(Map.of("serialization.format", "1")));
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(new ArrayList<>(dataColumns()));
        if (location != null) {
            sd.setLocation(location);
        }
        sd.setInputFormat("org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat");
        sd.setOutputFormat("org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat");
        sd.setCompressed(false);
        sd.setNumBuckets(-1);
        sd.setSerdeInfo(serde);
        sd.setBucketCols(new ArrayList<>());
        sd.setSortCols(new ArrayList<>());
        sd.setParameters(new HashMap<>());
        return sd;
    }

    /**
     * An external Parquet table (as Spark and Trino create them on a Hive 3+/4 metastore, so that neither
     * server translates a managed table), partitioned by {@code ds, hr}.
     */
    public static Table table(String name) {
        Table t = new Table();
        t.setDbName(DATABASE);
        t.setTableName(name);
        t.setOwner("etl");
        t.setOwnerType(PrincipalType.USER);
        t.setCreateTime(CREATED);
        t.setLastAccessTime(0);
        t.setRetention(0);
        t.setSd(parquet(null));
        t.setPartitionKeys(new ArrayList<>(partitionKeys()));
        t.setParameters(new HashMap<>(Map.of(
                "EXTERNAL", "TRUE",
                "numRows", "1250000",
                "numFiles", "412",
                "totalSize", "987654321",
                "rawDataSize", "2345678901",
                "COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}",
                "bucketing_version", "2",
                "parquet.compression", "SNAPPY",
                "comment", "orders, one partition per day and hour")));
        t.setTableType("EXTERNAL_TABLE");
        return t;
    }

    /** The {@code ds} value of day {@code d}: 2024-01-01, 2024-01-02, ... */
    public static String ds(int d) {
        return FIRST_DAY.plusDays(d).toString();
    }

    public static String partitionName(int d, int hr) {
        return "ds=" + ds(d) + "/hr=" + hr;
    }

    /** One partition as an engine's {@code INSERT} adds it: values, storage like the table's, no location. */
    public static Partition partition(int d, int hr) {
        Partition p = new Partition();
        p.setDbName(DATABASE);
        p.setTableName(PARTITIONED);
        p.setValues(new ArrayList<>(List.of(ds(d), Integer.toString(hr))));
        p.setCreateTime(CREATED);
        p.setLastAccessTime(0);
        p.setSd(parquet(null));
        p.setParameters(new HashMap<>(Map.of("numFiles", "4", "numRows", "3125", "totalSize", "2469135")));
        return p;
    }

    /** {@code days × hours} partitions in batches of {@code batchSize}, day-major. */
    public static List<List<Partition>> partitionBatches(int days, int hours, int batchSize) {
        List<List<Partition>> batches = new ArrayList<>();
        List<Partition> batch = new ArrayList<>(batchSize);
        for (int d = 0; d < days; d++) {
            for (int h = 0; h < hours; h++) {
                batch.add(partition(d, h));
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

    /**
     * {@code lists} requests of {@code size} distinct partition names each, drawn at random (fixed seed)
     * from the {@code days × hours} partitions: what an engine asks for after pruning, scattered, so that
     * neither server gains from reading neighbours.
     */
    public static List<List<String>> nameRequests(int lists, int size, int days, int hours, long seed) {
        Random random = new Random(seed);
        List<List<String>> requests = new ArrayList<>(lists);
        for (int i = 0; i < lists; i++) {
            List<Integer> all = new ArrayList<>(days * hours);
            for (int k = 0; k < days * hours; k++) {
                all.add(k);
            }
            java.util.Collections.shuffle(all, random);
            List<String> names = new ArrayList<>(size);
            for (int k : all.subList(0, size)) {
                names.add(partitionName(k / hours, k % hours));
            }
            requests.add(List.copyOf(names));
        }
        return List.copyOf(requests);
    }
}

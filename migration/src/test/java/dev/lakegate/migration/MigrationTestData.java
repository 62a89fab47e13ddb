package dev.lakegate.migration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.FunctionType;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;

/**
 * What the migration tests (here and the launcher's) put on the metastore being migrated from, and
 * change on it after a copy.
 */
public final class MigrationTestData {

    public static final int PARTITIONS = 2_500;

    private MigrationTestData() {}

    /**
     * Databases {@code sales} and {@code hr}, each with a plain table and one partitioned by
     * {@code ds, shard}; {@code sales.daily} with {@value #PARTITIONS} partitions, ten of them with
     * column statistics; {@code sales.plain} with column statistics; a function in {@code sales}.
     */
    public static void fill(ThriftHiveMetastore.Iface legacy) throws TException {
        for (String db : List.of("sales", "hr")) {
            legacy.create_database(
                    new Database(db, "the " + db + " database", null, new HashMap<>(Map.of("team", db))));
            legacy.create_table(table(db, "plain", false));
            legacy.create_table(table(db, "daily", true));
        }
        List<Partition> partitions = new ArrayList<>();
        Table daily =
                legacy.get_table_req(new GetTableRequest("sales", "daily")).getTable();
        for (int i = 0; i < PARTITIONS; i++) {
            partitions.add(partition(daily, "2024-01-01", Integer.toString(i)));
        }
        legacy.add_partitions_req(new AddPartitionsRequest("sales", "daily", partitions, false));
        ColumnStatisticsObj ok = new ColumnStatisticsObj(
                "ok", "boolean", ColumnStatisticsData.booleanStats(new BooleanColumnStatsData(3, 4, 1)));
        ColumnStatistics stats = new ColumnStatistics(new ColumnStatisticsDesc(true, "sales", "plain"), List.of(ok));
        stats.setEngine("hive");
        legacy.update_table_column_statistics(stats);
        List<ColumnStatistics> partitionStats = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            partitionStats.add(partitionStatistics("ds=2024-01-01/shard=" + i, i));
        }
        SetPartitionsStatsRequest setStats = new SetPartitionsStatsRequest(partitionStats);
        setStats.setEngine("hive");
        legacy.set_aggr_stats_for(setStats);
        legacy.create_function(new Function(
                "upper2",
                "sales",
                "com.example.Upper",
                "alice",
                PrincipalType.USER,
                0,
                FunctionType.JAVA,
                new ArrayList<>()));
    }

    /**
     * Changes of every kind to {@code sales} after its copy, in two tables: {@code plain}'s comment
     * becomes "changed after the copy"; of {@code daily}'s partitions shard 7 is dropped, shard 3 gets
     * the parameter owner=bob and shard 4 other statistics (99 trues).
     */
    public static void changeAfterCopy(ThriftHiveMetastore.Iface legacy) throws TException {
        Table plain =
                legacy.get_table_req(new GetTableRequest("sales", "plain")).getTable();
        plain.getParameters().put("comment", "changed after the copy");
        legacy.alter_table("sales", "plain", plain);
        legacy.drop_partition_by_name("sales", "daily", "ds=2024-01-01/shard=7", false);
        Partition third = legacy.get_partition_by_name("sales", "daily", "ds=2024-01-01/shard=3");
        third.getParameters().put("owner", "bob");
        legacy.alter_partition("sales", "daily", third);
        legacy.update_partition_column_statistics(partitionStatistics("ds=2024-01-01/shard=4", 99));
    }

    /** A text table, {@code id bigint, ok boolean}; alice's, partitioned by {@code ds, shard} or not. */
    public static Table table(String db, String name, boolean partitioned) {
        StorageDescriptor sd = new StorageDescriptor(
                new ArrayList<>(
                        List.of(new FieldSchema("id", "bigint", "the id"), new FieldSchema("ok", "boolean", null))),
                null,
                "org.apache.hadoop.mapred.TextInputFormat",
                "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat",
                false,
                -1,
                new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()),
                new ArrayList<>(),
                new ArrayList<>(),
                new HashMap<>());
        List<FieldSchema> keys = partitioned
                ? new ArrayList<>(List.of(new FieldSchema("ds", "string", null), new FieldSchema("shard", "int", null)))
                : new ArrayList<>();
        return new Table(
                name,
                db,
                "alice",
                0,
                0,
                0,
                sd,
                keys,
                new HashMap<>(Map.of("comment", name)),
                null,
                null,
                "MANAGED_TABLE");
    }

    /** A partition of {@code table} (as a metastore returned it, with its location) in the directory below it. */
    public static Partition partition(Table table, String ds, String shard) {
        StorageDescriptor sd = table.getSd().deepCopy();
        sd.setLocation(table.getSd().getLocation() + "/ds=" + ds + "/shard=" + shard);
        return new Partition(
                new ArrayList<>(List.of(ds, shard)),
                table.getDbName(),
                table.getTableName(),
                0,
                0,
                sd,
                new HashMap<>());
    }

    /** Statistics of column {@code ok} of one partition of {@code sales.daily}: {@code trues} of 100 true. */
    public static ColumnStatistics partitionStatistics(String partition, long trues) {
        ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, "sales", "daily");
        desc.setPartName(partition);
        ColumnStatistics stats = new ColumnStatistics(
                desc,
                List.of(new ColumnStatisticsObj(
                        "ok",
                        "boolean",
                        ColumnStatisticsData.booleanStats(new BooleanColumnStatsData(trues, 100 - trues, 0)))));
        stats.setEngine("hive");
        return stats;
    }
}

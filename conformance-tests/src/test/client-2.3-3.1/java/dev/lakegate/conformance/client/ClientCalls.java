package dev.lakegate.conformance.client;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.AggrStats;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;

/**
 * The client calls whose signatures differ between client lines (Hive 4.0 names the statistics engine):
 * this one serves the 2.3 and 3.1 clients, which name none, and client-4.0 has its own; everything else
 * scenarios call on {@link IMetaStoreClient} directly.
 */
public final class ClientCalls {

    private ClientCalls() {}

    /** Statistics as Hive writes them (4.0: engine {@code hive}). */
    public static ColumnStatistics forHive(ColumnStatistics stats) {
        return stats;
    }

    public static List<ColumnStatisticsObj> tableStatistics(
            IMetaStoreClient c, String db, String table, List<String> cols) throws Exception {
        return c.getTableColumnStatistics(db, table, cols);
    }

    public static Map<String, List<ColumnStatisticsObj>> partitionStatistics(
            IMetaStoreClient c, String db, String table, List<String> partNames, List<String> cols) throws Exception {
        return c.getPartitionColumnStatistics(db, table, partNames, cols);
    }

    public static boolean deleteTableStatistics(IMetaStoreClient c, String db, String table, String col)
            throws Exception {
        return c.deleteTableColumnStatistics(db, table, col);
    }

    public static boolean deletePartitionStatistics(
            IMetaStoreClient c, String db, String table, String part, String col) throws Exception {
        return c.deletePartitionColumnStatistics(db, table, part, col);
    }

    public static AggrStats aggregate(
            IMetaStoreClient c, String db, String table, List<String> cols, List<String> parts) throws Exception {
        return c.getAggrColStatsFor(db, table, cols, parts);
    }

    /** {@link #tableStatistics}, or none when the call fails. */
    public static List<ColumnStatisticsObj> tableStatisticsOrEmpty(
            IMetaStoreClient c, String db, String table, List<String> cols) {
        try {
            return tableStatistics(c, db, table, cols);
        } catch (Exception e) {
            return List.of();
        }
    }
    /** Whether this line's client has get_all_table_constraints: Hive 4's only. */
    public static boolean hasAllTableConstraints() {
        return false;
    }

    public static Object allTableConstraints(IMetaStoreClient c, String db, String table) {
        throw new UnsupportedOperationException("the Hive 2.3 and 3.1 clients have no get_all_table_constraints");
    }

    /** HMS 4's error message of a compaction answer; null for clients before 4.0, whose struct lacks it. */
    public static String compactionErrorMessage(org.apache.hadoop.hive.metastore.api.CompactionResponse response) {
        return null;
    }

    /** HMS 4's enqueue time of a compaction queue entry; 0 for clients before 4.0, whose struct lacks it. */
    public static long compactionEnqueueTime(org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement entry) {
        return 0;
    }

    /** HMS 4's pool of a compaction queue entry; null for clients before 4.0, whose struct lacks it. */
    public static String compactionPoolName(org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement entry) {
        return null;
    }
}

package dev.lakegate.hms.handler.statistics;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.GetColumnStatisticsRequest;
import dev.lakegate.catalog.v1.StatisticsTarget;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.StatisticsMapper;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;

/**
 * Column statistics of a table or of its partitions through the catalog, and the
 * {@code COLUMN_STATS_ACCURATE} parameter that HMS's ObjectStore keeps beside them: updating
 * statistics marks their columns accurate in the table's or partition's parameters (deleting them
 * leaves the parameter alone, as HMS 4.0.1 does).
 */
public final class PartitionStatistics {

    private PartitionStatistics() {}

    public static String engine(String engine) {
        return engine == null || engine.isEmpty() ? StatisticsMapper.DEFAULT_ENGINE : engine;
    }

    public static StatisticsTarget target(PartitionTable table, List<String> hmsValues, String engine) {
        StatisticsTarget.Builder target =
                StatisticsTarget.newBuilder().setTable(table.id()).setEngine(engine(engine));
        if (hmsValues != null) {
            target.addAllPartitionValues(PartitionMapper.toNativeValues(hmsValues));
        }
        return target.build();
    }

    /** Statistics of these columns (all when empty), sorted by column. */
    public static List<ColumnStatisticsObj> read(CatalogClient client, StatisticsTarget target, List<String> columns) {
        List<ColumnStatisticsObj> result = new ArrayList<>();
        client.getColumnStatistics(GetColumnStatisticsRequest.newBuilder()
                        .setTarget(target)
                        .addAllColumns(lowerCase(columns))
                        .build())
                .getStatisticsList()
                .forEach(column -> result.add(StatisticsMapper.fromNative(column)));
        return result;
    }

    /** A partition's statistics of every column as get_partitions_by_names_req attaches them; null when none. */
    public static ColumnStatistics forPartition(
            CatalogClient client, PartitionTable table, List<String> hmsValues, String engine) {
        List<ColumnStatisticsObj> objects = read(client, target(table, hmsValues, engine), List.of());
        if (objects.isEmpty()) {
            return null;
        }
        return statistics(table, hmsValues, objects, engine);
    }

    public static ColumnStatistics statistics(
            PartitionTable table, List<String> hmsValues, List<ColumnStatisticsObj> objects, String engine) {
        ColumnStatisticsDesc desc = new ColumnStatisticsDesc(hmsValues == null, table.database(), table.name());
        desc.setCatName(table.catalog());
        if (hmsValues != null) {
            desc.setPartName(table.partitionName(hmsValues));
        }
        ColumnStatistics statistics = new ColumnStatistics(desc, objects);
        statistics.setEngine(engine(engine));
        return statistics;
    }

    public static int delete(CatalogClient client, StatisticsTarget target, Collection<String> columns) {
        return client.deleteColumnStatistics(DeleteColumnStatisticsRequest.newBuilder()
                .setTarget(target)
                .addAllColumns(lowerCase(columns))
                .build());
    }

    public static List<String> lowerCase(Collection<String> columns) {
        List<String> result = new ArrayList<>();
        if (columns != null) {
            columns.forEach(column -> result.add(HiveNames.normalize(column)));
        }
        return result;
    }
}

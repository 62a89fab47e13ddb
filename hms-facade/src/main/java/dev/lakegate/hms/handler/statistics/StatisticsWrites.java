package dev.lakegate.hms.handler.statistics;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.BatchUpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.StatisticsWrite;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.translator.error.CatalogFailure;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.StatisticsMapper;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;

/**
 * Statistics written as HMS's ObjectStore writes them, with their columns marked in
 * {@code COLUMN_STATS_ACCURATE} of the table or partition, in one catalog call per HMS call: the
 * statistics and the parameters of every target change together or not at all.
 */
public final class StatisticsWrites {

    private static final int COMMIT_ATTEMPTS = 5;

    private StatisticsWrites() {}

    /**
     * A target: the table ({@code hmsValues} null) or one partition, the parameters it has as the call
     * read them, and its statistics (column names lower-cased).
     */
    public record Target(List<String> hmsValues, Map<String, String> parameters, List<ColumnStatisticsObj> objects) {}

    /**
     * A table's statistics, its columns marked in the table's parameters, on the version of the table
     * the marks were computed from: a concurrent commit in between makes it read the table and try
     * again, so neither that commit's properties nor these statistics are lost.
     */
    public static void ofTable(
            CatalogClient client, PartitionTable table, String engine, List<ColumnStatisticsObj> objects) {
        int[] attempt = {0};
        CatalogFailures.retrying(COMMIT_ATTEMPTS, StatisticsWrites::lostRace, () -> {
            // The first attempt marks the table as the call read it; a later one reads it again.
            dev.lakegate.catalog.v1.Table current = attempt[0]++ == 0
                    ? table.table()
                    : PartitionTable.load(client, table.table().getCatalog(), table.database(), table.name())
                            .table();
            client.batchUpdateColumnStatistics(
                    request(table, engine, List.of(new Target(null, current.getPropertiesMap(), objects)))
                            .setAssertTableVersion(current.getVersion())
                            .build());
            return null;
        });
    }

    /** Statistics of partitions of one table, each partition's columns marked in its parameters. */
    public static void ofPartitions(CatalogClient client, PartitionTable table, String engine, List<Target> targets) {
        if (!targets.isEmpty()) {
            client.batchUpdateColumnStatistics(request(table, engine, targets).build());
        }
    }

    private static BatchUpdateColumnStatisticsRequest.Builder request(
            PartitionTable table, String engine, List<Target> targets) {
        BatchUpdateColumnStatisticsRequest.Builder request = BatchUpdateColumnStatisticsRequest.newBuilder()
                .setTable(table.id())
                .setEngine(PartitionStatistics.engine(engine));
        for (Target target : targets) {
            // StatsSetupConst.setColumnStatsState; the catalog sets only this key, in the same transaction.
            Map<String, String> parameters = new HashMap<>(target.parameters());
            ColumnStatsAccurate.setColumns(
                    parameters,
                    target.objects().stream()
                            .map(ColumnStatisticsObj::getColName)
                            .toList());
            StatisticsWrite.Builder write = StatisticsWrite.newBuilder()
                    .putSetParameters(ColumnStatsAccurate.KEY, parameters.get(ColumnStatsAccurate.KEY));
            if (target.hmsValues() != null) {
                write.addAllPartitionValues(PartitionMapper.toNativeValues(target.hmsValues()));
            }
            target.objects().forEach(object -> write.addStatistics(StatisticsMapper.toNative(object)));
            request.addWrites(write);
        }
        return request;
    }

    private static boolean lostRace(CatalogFailure failure) {
        return failure.is(ErrorReason.REQUIREMENT_FAILED) || failure.is(ErrorReason.COMMIT_CONFLICT);
    }
}

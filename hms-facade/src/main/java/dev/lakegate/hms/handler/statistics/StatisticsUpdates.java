package dev.lakegate.hms.handler.statistics;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;

/**
 * Updating the statistics of a table or a partition as HMSHandler does: column names and types
 * lower-cased, a table's columns checked against the table, and the updated columns marked in
 * {@code COLUMN_STATS_ACCURATE}; and set_aggr_stats_for's merging (of several statistics of one
 * partition, and with {@code needMerge} of the stored ones).
 */
public final class StatisticsUpdates {

    private static final String NO_PARTITION = "Partition for which stats is gathered doesn't exist.";

    private StatisticsUpdates() {}

    /** The statistics' description, which names the table; HMS refuses statistics without one first. */
    public static ColumnStatisticsDesc requireDesc(ColumnStatistics statistics) {
        if (statistics == null || statistics.getStatsDesc() == null) {
            throw HmsFailure.meta("Column statistics cannot be null.");
        }
        if (statistics.getStatsDesc().getDbName() == null
                || statistics.getStatsDesc().getTableName() == null) {
            throw HmsFailure.meta("The database and table name cannot be null.");
        }
        return statistics.getStatsDesc();
    }

    /** Stores a table's statistics and marks their columns accurate in the table's parameters. */
    public static boolean table(CatalogClient client, HmsCall call, ColumnStatistics statistics) {
        PartitionTable table = StatisticsLookups.load(client, call);
        List<ColumnStatisticsObj> objects = normalized(statistics);
        Set<String> columns = new LinkedHashSet<>();
        Set<String> tableColumns = new HashSet<>();
        table.hms().getSd().getCols().forEach(column -> tableColumns.add(column.getName()));
        for (ColumnStatisticsObj object : objects) {
            if (!tableColumns.contains(object.getColName())) {
                throw HmsFailure.meta("Column " + object.getColName() + " doesn't exist in table " + table.name()
                        + " in database " + table.database());
            }
            columns.add(object.getColName());
        }
        if (objects.isEmpty()) {
            return true;
        }
        StatisticsWrites.ofTable(client, table, statistics.getEngine(), objects);
        return true;
    }

    /** Stores a partition's statistics and marks their columns accurate in the partition's parameters. */
    public static boolean partition(CatalogClient client, HmsCall call, ColumnStatistics statistics) {
        DescribedPartition described = DescribedPartition.find(client, call, statistics);
        List<ColumnStatisticsObj> objects = normalized(statistics);
        if (objects.isEmpty()) {
            return true;
        }
        StatisticsWrites.ofPartitions(
                client,
                described.table(),
                statistics.getEngine(),
                List.of(new StatisticsWrites.Target(
                        described.values(), described.partition().getParametersMap(), objects)));
        return true;
    }

    /**
     * set_aggr_stats_for on partitions of the table the first statistics name, one statistics per
     * partition: the partitions are read first and those that do not exist are passed over, as HMS
     * 4.0.1's batched update does (3.1.3 failed the call: NoSuchObjectException, nothing written; seen
     * on both by the conformance suite); the others are written in one catalog call per engine, so that
     * a failure leaves every partition as it was; with {@code needMerge}, as {@link #mergeWithPartition}
     * first.
     */
    public static boolean partitions(
            CatalogClient client, HmsCall call, Collection<ColumnStatistics> all, boolean needMerge) {
        PartitionTable table = PartitionTable.find(client, call)
                .orElseThrow(() -> HmsWords.statisticsTableNotFound(call.qualifiedTable()));
        List<List<String>> values = new ArrayList<>();
        for (ColumnStatistics statistics : all) {
            values.add(StatisticsLookups.partitionValues(
                    table, statistics.getStatsDesc().getPartName()));
        }
        Map<List<String>, dev.lakegate.catalog.v1.Partition> found =
                StatisticsLookups.existingPartitions(client, table, values);
        Map<String, List<StatisticsWrites.Target>> byEngine = new LinkedHashMap<>();
        int index = 0;
        for (ColumnStatistics statistics : all) {
            List<String> partitionValues = values.get(index++);
            if (!found.containsKey(partitionValues)) {
                continue;
            }
            Map<String, String> parameters = found.get(partitionValues).getParametersMap();
            if (needMerge) {
                mergeWithStored(client, table, partitionValues, statistics, parameters);
            }
            List<ColumnStatisticsObj> objects = normalized(statistics);
            if (!objects.isEmpty()) {
                byEngine.computeIfAbsent(
                                PartitionStatistics.engine(statistics.getEngine()), engine -> new ArrayList<>())
                        .add(new StatisticsWrites.Target(partitionValues, parameters, objects));
            }
        }
        byEngine.forEach((engine, targets) -> StatisticsWrites.ofPartitions(client, table, engine, targets));
        return true;
    }

    /**
     * set_aggr_stats_for's statistics of partitions, one per partition: several of one partition are
     * merged first, into the last of them.
     */
    public static Collection<ColumnStatistics> onePerPartition(List<ColumnStatistics> all) {
        Map<String, ColumnStatistics> byPartition = new LinkedHashMap<>();
        for (ColumnStatistics statistics : all) {
            String name = statistics.getStatsDesc().getPartName();
            ColumnStatistics previous = byPartition.get(name);
            if (previous != null) {
                StatisticsMerger.merge(statistics, previous);
            }
            byPartition.put(name, statistics);
        }
        return byPartition.values();
    }

    /** {@code needMerge} on a table's statistics: they keep the accurate columns, merged with what is stored. */
    public static void mergeWithTable(CatalogClient client, HmsCall call, ColumnStatistics statistics) {
        PartitionTable table = StatisticsLookups.load(client, call);
        mergeWithStored(client, table, null, statistics, table.table().getPropertiesMap());
    }

    /** {@code needMerge} on a partition's statistics: as {@link #mergeWithTable}, with the partition's. */
    public static void mergeWithPartition(CatalogClient client, HmsCall call, ColumnStatistics statistics) {
        DescribedPartition described = DescribedPartition.find(client, call, statistics);
        mergeWithStored(
                client,
                described.table(),
                described.values(),
                statistics,
                described.partition().getParametersMap());
    }

    /**
     * HMSHandler's merge (getMergableCols, mergeColStats): only the columns that COLUMN_STATS_ACCURATE
     * marks are kept, and those merge with what is stored.
     */
    private static void mergeWithStored(
            CatalogClient client,
            PartitionTable table,
            List<String> values,
            ColumnStatistics statistics,
            Map<String, String> parameters) {
        List<ColumnStatisticsObj> mergeable = new ArrayList<>();
        for (ColumnStatisticsObj object : statistics.getStatsObj()) {
            if (ColumnStatsAccurate.isColumnAccurate(parameters, object.getColName())) {
                mergeable.add(object);
            }
        }
        statistics.setStatsObj(mergeable);
        if (mergeable.isEmpty()) {
            return;
        }
        List<ColumnStatisticsObj> stored = PartitionStatistics.read(
                client,
                PartitionStatistics.target(table, values, statistics.getEngine()),
                mergeable.stream().map(ColumnStatisticsObj::getColName).toList());
        if (!stored.isEmpty()) {
            StatisticsMerger.merge(statistics, new ColumnStatistics(statistics.getStatsDesc(), stored));
        }
    }

    /** HMSHandler.normalizeColStatsInput: column names and types lower-cased. */
    private static List<ColumnStatisticsObj> normalized(ColumnStatistics statistics) {
        List<ColumnStatisticsObj> objects = new ArrayList<>();
        if (statistics.getStatsObj() != null) {
            for (ColumnStatisticsObj object : statistics.getStatsObj()) {
                ColumnStatisticsObj copy = object.deepCopy();
                copy.setColName(object.getColName().toLowerCase(Locale.ROOT));
                copy.setColType(
                        object.getColType() == null ? null : object.getColType().toLowerCase(Locale.ROOT));
                objects.add(copy);
            }
        }
        return objects;
    }

    /** The partition that partition statistics describe, with its table and values. */
    private record DescribedPartition(
            PartitionTable table, List<String> values, dev.lakegate.catalog.v1.Partition partition) {

        /** Fails as HMS's partition statistics update words a missing table or partition. */
        static DescribedPartition find(CatalogClient client, HmsCall call, ColumnStatistics statistics) {
            PartitionTable table = PartitionTable.find(client, call)
                    .orElseThrow(() -> HmsWords.statisticsTableNotFound(call.qualifiedTable()));
            List<String> values = StatisticsLookups.partitionValues(
                    table, statistics.getStatsDesc().getPartName());
            return new DescribedPartition(
                    table, values, StatisticsLookups.findPartition(client, table, values, NO_PARTITION));
        }
    }
}

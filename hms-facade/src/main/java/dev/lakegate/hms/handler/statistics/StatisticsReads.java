package dev.lakegate.hms.handler.statistics;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.partitions.PartitionReads;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.translator.error.HmsCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.AggrStats;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsResult;
import org.apache.hadoop.hive.metastore.api.TableStatsRequest;
import org.apache.hadoop.hive.metastore.api.TableStatsResult;

/**
 * Reading statistics as HMS answers for them: of one column, of several, of partitions, their
 * aggregate, and with the partitions that get_partitions_by_names_req returns. A read of a single
 * column with no statistics finds nothing (HMS answers no result), a bulk read an empty list; a
 * partition that is not there has none.
 */
public final class StatisticsReads {

    private StatisticsReads() {}

    /** One column of a table; empty when it has no statistics. */
    public static Optional<ColumnStatistics> tableColumn(CatalogClient client, HmsCall call, String column) {
        PartitionTable table = StatisticsLookups.load(client, call);
        List<ColumnStatisticsObj> objects = tableColumns(client, table, List.of(StatisticsLookups.lower(column)), null);
        return objects.isEmpty()
                ? Optional.empty()
                : Optional.of(PartitionStatistics.statistics(table, null, objects, null));
    }

    public static TableStatsResult table(CatalogClient client, HmsCall call, TableStatsRequest request) {
        PartitionTable table = StatisticsLookups.load(client, call);
        List<String> columns = request.getColNames() == null ? List.of() : request.getColNames();
        if (columns.isEmpty()) {
            return new TableStatsResult(new ArrayList<>());
        }
        return new TableStatsResult(
                tableColumns(client, table, PartitionStatistics.lowerCase(columns), request.getEngine()));
    }

    /**
     * Table-level statistics of these columns (all when empty): as written, and for an Iceberg table its
     * current snapshot's figures where they are the later write ({@link LakeColumnStatistics}).
     */
    private static List<ColumnStatisticsObj> tableColumns(
            CatalogClient client, PartitionTable table, List<String> columns, String engine) {
        List<ColumnStatisticsObj> written =
                PartitionStatistics.read(client, PartitionStatistics.target(table, null, engine), columns);
        return LakeColumnStatistics.merged(client, table.table(), columns, written);
    }

    /** One column of one partition; empty when there are none or the partition is missing. */
    public static Optional<ColumnStatistics> partitionColumn(
            CatalogClient client, HmsCall call, String partName, String column) {
        PartitionTable table = StatisticsLookups.load(client, call);
        Optional<List<String>> values = StatisticsLookups.partitionNamed(table, partName);
        if (values.isEmpty()) {
            return Optional.empty();
        }
        List<ColumnStatisticsObj> objects =
                readOrEmpty(client, table, values.get(), List.of(StatisticsLookups.lower(column)), null);
        return objects.isEmpty()
                ? Optional.empty()
                : Optional.of(PartitionStatistics.statistics(table, values.get(), objects, null));
    }

    /**
     * Per partition name (as HMS stores it: keys lower-case), the statistics it has; partitions without are left
     * out.
     */
    public static PartitionsStatsResult partitions(CatalogClient client, HmsCall call, PartitionsStatsRequest request) {
        PartitionTable table = StatisticsLookups.load(client, call);
        Map<String, List<ColumnStatisticsObj>> result = new HashMap<>();
        List<String> columns = request.getColNames() == null ? List.of() : request.getColNames();
        if (columns.isEmpty()) {
            return new PartitionsStatsResult(result);
        }
        for (List<String> values : StatisticsLookups.partitionsOf(table, request.getPartNames())) {
            List<ColumnStatisticsObj> objects = readOrEmpty(client, table, values, columns, request.getEngine());
            if (!objects.isEmpty()) {
                result.put(table.partitionName(values), objects);
            }
        }
        return new PartitionsStatsResult(result);
    }

    /** get_aggr_stats_for: the {@link AggregateStatistics} of the named partitions that have statistics. */
    public static AggrStats aggregate(CatalogClient client, HmsCall call, PartitionsStatsRequest request) {
        PartitionTable table = StatisticsLookups.load(client, call);
        List<String> columns = PartitionStatistics.lowerCase(request.getColNames());
        List<String> names = request.getPartNames() == null ? List.of() : request.getPartNames();
        if (columns.isEmpty() || names.isEmpty()) {
            return new AggrStats(new ArrayList<>(), 0);
        }
        List<List<ColumnStatisticsObj>> byPartition = new ArrayList<>();
        for (List<String> values : StatisticsLookups.partitionsOf(table, names)) {
            List<ColumnStatisticsObj> objects = readOrEmpty(client, table, values, columns, request.getEngine());
            if (!objects.isEmpty()) {
                byPartition.add(objects);
            }
        }
        return AggregateStatistics.aggregate(columns, byPartition);
    }

    /**
     * {@link PartitionReads#byNames} with each partition's column statistics of the engine attached,
     * as get_partitions_by_names_req answers when asked for them.
     */
    public static List<Partition> partitionsByNames(
            CatalogClient client, HmsCall call, List<String> names, String engine) {
        PartitionTable table = PartitionReads.findForListing(client, call);
        List<Partition> partitions = PartitionReads.byNames(client, table, names);
        for (Partition partition : partitions) {
            partition.setColStats(PartitionStatistics.forPartition(client, table, partition.getValues(), engine));
        }
        return partitions;
    }

    /**
     * The columns of a table, or of one partition of it, that have statistics (of any engine), as HMS's
     * compactor asks for them; none of a table or partition that is not there.
     */
    public static List<String> columnsWithStatistics(CatalogClient client, HmsCall call, String partName) {
        Optional<PartitionTable> table = PartitionTable.find(client, call);
        if (table.isEmpty()) {
            return new ArrayList<>();
        }
        List<String> values = List.of();
        if (partName != null) {
            Optional<List<String>> named = StatisticsLookups.partitionNamed(table.get(), partName);
            if (named.isEmpty()) {
                return new ArrayList<>();
            }
            values = named.get();
        }
        List<String> columns = new ArrayList<>();
        for (ColumnStatisticsObj column : readOrEmpty(client, table.get(), values, List.of(), null)) {
            columns.add(column.getColName());
        }
        return columns;
    }

    private static List<ColumnStatisticsObj> readOrEmpty(
            CatalogClient client, PartitionTable table, List<String> values, List<String> columns, String engine) {
        return CatalogFailures.find(
                        () -> PartitionStatistics.read(
                                client, PartitionStatistics.target(table, values, engine), columns),
                        ErrorReason.PARTITION_NOT_FOUND)
                .orElse(List.of());
    }
}

package dev.lakegate.hms.handler.statistics;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.GetColumnStatisticsRequest;
import dev.lakegate.catalog.v1.PartitionUpdate;
import dev.lakegate.catalog.v1.SetProperties;
import dev.lakegate.catalog.v1.StatisticsTarget;
import dev.lakegate.catalog.v1.TableRequirement;
import dev.lakegate.catalog.v1.TableUpdate;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.translator.error.CatalogFailure;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.StatisticsMapper;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
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

    private static final int COMMIT_ATTEMPTS = 5;

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
        desc.setCatName(HiveNames.DEFAULT_CATALOG);
        if (hmsValues != null) {
            desc.setPartName(table.partitionName(hmsValues));
        }
        ColumnStatistics statistics = new ColumnStatistics(desc, objects);
        statistics.setEngine(engine(engine));
        return statistics;
    }

    public static void write(CatalogClient client, StatisticsTarget target, List<ColumnStatisticsObj> objects) {
        UpdateColumnStatisticsRequest.Builder request =
                UpdateColumnStatisticsRequest.newBuilder().setTarget(target);
        objects.forEach(object -> request.addStatistics(StatisticsMapper.toNative(object)));
        client.updateColumnStatistics(request.build());
    }

    public static int delete(CatalogClient client, StatisticsTarget target, Collection<String> columns) {
        return client.deleteColumnStatistics(DeleteColumnStatisticsRequest.newBuilder()
                .setTarget(target)
                .addAllColumns(lowerCase(columns))
                .build());
    }

    /** StatsSetupConst.setColumnStatsState on the table's parameters, as a compare-and-swap commit. */
    public static void markTableColumns(CatalogClient client, PartitionTable table, Collection<String> columns) {
        updateTableParameters(client, table, parameters -> ColumnStatsAccurate.setColumns(parameters, columns));
    }

    /** Changes the table's parameters; a concurrent commit in between makes it read and try again. */
    public static void updateTableParameters(
            CatalogClient client, PartitionTable table, Consumer<Map<String, String>> change) {
        int[] attempt = {0};
        CatalogFailures.retrying(COMMIT_ATTEMPTS, PartitionStatistics::lostRace, () -> {
            // The first attempt changes the table as the call read it; a later one reads it again.
            dev.lakegate.catalog.v1.Table current = attempt[0]++ == 0
                    ? table.table()
                    : PartitionTable.load(client, table.database(), table.name())
                            .table();
            Map<String, String> before = current.getPropertiesMap();
            Map<String, String> parameters = new HashMap<>(before);
            change.accept(parameters);
            Map<String, String> changed = new HashMap<>();
            parameters.forEach((key, value) -> {
                if (!value.equals(before.get(key))) {
                    changed.put(key, value);
                }
            });
            if (!changed.isEmpty()) {
                client.commitTable(CommitTableRequest.newBuilder()
                        .setTable(table.id())
                        .setHiveSemantics(true)
                        .addRequirements(TableRequirement.newBuilder().setAssertVersion(current.getVersion()))
                        .addUpdates(TableUpdate.newBuilder()
                                .setSetProperties(SetProperties.newBuilder().putAllProperties(changed)))
                        .build());
            }
            return null;
        });
    }

    private static boolean lostRace(CatalogFailure failure) {
        return failure.is(ErrorReason.REQUIREMENT_FAILED) || failure.is(ErrorReason.COMMIT_CONFLICT);
    }

    /** StatsSetupConst.setColumnStatsState on a partition's parameters. */
    public static void markPartitionColumns(
            CatalogClient client,
            PartitionTable table,
            dev.lakegate.catalog.v1.Partition partition,
            Collection<String> columns) {
        Map<String, String> parameters = new HashMap<>(partition.getParametersMap());
        ColumnStatsAccurate.setColumns(parameters, columns);
        if (parameters.equals(partition.getParametersMap())) {
            return;
        }
        dev.lakegate.catalog.v1.Partition updated = partition.toBuilder()
                .clearName()
                .clearParameters()
                .putAllParameters(parameters)
                .build();
        client.updatePartitions(UpdatePartitionsRequest.newBuilder()
                .setTable(table.id())
                .addUpdates(PartitionUpdate.newBuilder()
                        .addAllValues(partition.getValuesList())
                        .setPartition(updated))
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

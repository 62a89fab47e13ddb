package dev.lakegate.hms.handler.statistics;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.BatchDeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.PartitionValues;
import dev.lakegate.catalog.v1.StatisticsTarget;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.mapping.PartitionMapper;
import java.util.List;
import java.util.function.Supplier;
import org.apache.hadoop.hive.metastore.api.DeleteColumnStatisticsRequest;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;

/**
 * Deleting statistics as HMSHandler's delete_*_column_statistics do: of one column or of all, of a
 * table or of a partition, and Hive 4.1's bulk delete. A delete leaves {@code COLUMN_STATS_ACCURATE}
 * as it is; a null engine means "hive".
 */
public final class StatisticsDeletes {

    /** The most partitions the catalog takes in one batch. */
    private static final int MAX_BATCH = 10_000;

    private StatisticsDeletes() {}

    /** Of one column of the table, or of all when {@code column} is null; a column without any fails. */
    public static boolean ofTable(CatalogClient client, HmsCall call, String column, String engine) {
        PartitionTable table = load(client, call);
        return delete(
                client,
                PartitionStatistics.target(table, null, engine),
                column,
                () -> "Column stats doesn't exist for db=" + table.database() + " table=" + table.name() + " col="
                        + StatisticsLookups.lower(column));
    }

    /** Of one column of the partition, or of all when {@code column} is null; a column without any fails. */
    public static boolean ofPartition(
            CatalogClient client, HmsCall call, String partName, String column, String engine) {
        PartitionTable table = PartitionTable.find(client, call)
                .orElseThrow(() -> HmsWords.statisticsTableNotFound(call.database() + "." + call.table()));
        String name = StatisticsLookups.lowerCaseKeys(partName);
        List<String> values = StatisticsLookups.partitionValues(table, name);
        StatisticsLookups.findPartition(
                client, table, values, "Partition " + name + " for which stats deletion is requested doesn't exist");
        return delete(
                client,
                PartitionStatistics.target(table, values, engine),
                column,
                () -> "Column stats doesn't exist for table=" + call.qualifiedTable() + " partition=" + name + " col="
                        + StatisticsLookups.lower(column));
    }

    /**
     * Hive 4.1's bulk delete: of the table's statistics, or of the partitions named (every
     * partition when none is named); of the columns named, or all. Missing statistics are no error.
     */
    public static boolean inBulk(CatalogClient client, HmsCall call, DeleteColumnStatisticsRequest request) {
        PartitionTable table = load(client, call);
        List<String> columns = request.getCol_names() == null ? List.of() : request.getCol_names();
        if (request.isTableLevel()) {
            PartitionStatistics.delete(client, PartitionStatistics.target(table, null, request.getEngine()), columns);
            return true;
        }
        // One catalog call, one transaction: every partition (however many), or the named ones, which the
        // partitions-per-call limit bounds before the call gets here.
        BatchDeleteColumnStatisticsRequest.Builder batch = BatchDeleteColumnStatisticsRequest.newBuilder()
                .setTable(table.id())
                .setEngine(PartitionStatistics.engine(request.getEngine()))
                .addAllColumns(PartitionStatistics.lowerCase(columns))
                .setIfExists(true);
        if (request.getPart_names() == null || request.getPart_names().isEmpty()) {
            batch.setAllPartitions(true);
        } else {
            // Partitions dropped meanwhile are skipped, as HMS skips names of no partition.
            StatisticsLookups.partitionsOf(table, request.getPart_names())
                    .forEach(values -> batch.addPartitions(
                            PartitionValues.newBuilder().addAllValues(PartitionMapper.toNativeValues(values))));
        }
        client.batchDeleteColumnStatistics(batch.build());
        return true;
    }

    /** Deletes the column's statistics, or all when it is null; none to delete of a named column fails. */
    private static boolean delete(
            CatalogClient client, StatisticsTarget target, String column, Supplier<String> noneMessage) {
        if (column == null) {
            PartitionStatistics.delete(client, target, List.of());
            return true;
        }
        if (PartitionStatistics.delete(client, target, List.of(column)) == 0) {
            throw HmsFailure.of(noneMessage.get(), NoSuchObjectException.class);
        }
        return true;
    }

    /** HMSHandler.delete_*_column_statistics on a missing table. */
    private static PartitionTable load(CatalogClient client, HmsCall call) {
        return PartitionTable.find(client, call)
                .orElseThrow(() -> HmsFailure.of(
                        "Table " + call.qualifiedTable() + "  for which stats deletion is requested doesn't exist",
                        NoSuchObjectException.class));
    }
}

package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.statistics.StatisticsDeletes;
import dev.lakegate.hms.handler.statistics.StatisticsReads;
import dev.lakegate.hms.handler.statistics.StatisticsUpdates;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.names.CatalogDbName;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.AggrStats;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.DeleteColumnStatisticsRequest;
import org.apache.hadoop.hive.metastore.api.InvalidInputException;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsResult;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsResponse;
import org.apache.hadoop.hive.metastore.api.TableStatsRequest;
import org.apache.hadoop.hive.metastore.api.TableStatsResult;
import org.apache.thrift.TException;

/**
 * The column statistics area: statistics of tables and of partitions, per engine ("hive" when
 * unset), every kind with its bit vectors and histograms; the aggregate over partitions; deletes.
 * As in HMS 4.0.1 (HMSHandler, ObjectStore): names are lower-cased, partition names read with
 * their keys lower-cased; an update marks its columns in {@code COLUMN_STATS_ACCURATE} of the
 * table or partition, a delete leaves the parameter as it is; a get of a single column with no
 * statistics answers no result (HMS returns null), a bulk get an empty list. Each method reads its
 * request form; the work is in {@link StatisticsUpdates}, {@link StatisticsReads} and
 * {@link StatisticsDeletes}.
 *
 * <p>Deliberate differences: statistics are returned with their bit vectors and histograms (HMS
 * fetches them only with {@code metastore.stats.fetch.bitvector}/{@code .kll}); a null engine on
 * delete means "hive" rather than every engine; statistics of a column that the partition does not
 * have are refused (HMS stores them with a warning); merging statistics ({@code needMerge}) takes
 * the larger number of distinct values instead of merging bit vectors, and drops the bit vectors
 * of merged columns.
 */
public final class StatisticsCalls {

    private static final DeclaredExceptions UPDATE = DeclaredExceptions.of("update_table_column_statistics");
    private static final DeclaredExceptions GET_TABLE = DeclaredExceptions.of("get_table_column_statistics");
    private static final DeclaredExceptions GET_REQ = DeclaredExceptions.of("get_table_statistics_req");
    private static final DeclaredExceptions DELETE = DeclaredExceptions.of("delete_table_column_statistics");

    private final CatalogCalls catalog;

    public StatisticsCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    // ---------------------------------------------------------------------------------------------
    // Updates

    public boolean update_table_column_statistics(ColumnStatistics statistics) throws TException {
        return updateTable(statistics);
    }

    public boolean update_partition_column_statistics(ColumnStatistics statistics) throws TException {
        return updatePartition(statistics);
    }

    public SetPartitionsStatsResponse update_table_column_statistics_req(SetPartitionsStatsRequest request)
            throws TException {
        return new SetPartitionsStatsResponse(updateTable(single(request)));
    }

    public SetPartitionsStatsResponse update_partition_column_statistics_req(SetPartitionsStatsRequest request)
            throws TException {
        return new SetPartitionsStatsResponse(updatePartition(single(request)));
    }

    private static ColumnStatistics single(SetPartitionsStatsRequest request) throws InvalidInputException {
        if (request.getColStatsSize() != 1) {
            throw new InvalidInputException("Only one stats object expected");
        }
        if (request.isNeedMerge()) {
            throw new InvalidInputException("Merge is not supported for non-aggregate stats");
        }
        ColumnStatistics statistics = request.getColStats().get(0);
        if (!statistics.isSetEngine() && request.isSetEngine()) {
            statistics.setEngine(request.getEngine());
        }
        return statistics;
    }

    /**
     * set_aggr_stats_for: table statistics (exactly one), or partition statistics, several for one
     * partition merged first; with {@code needMerge}, merged into the stored ones of the columns
     * that COLUMN_STATS_ACCURATE marks.
     */
    public boolean set_aggr_stats_for(SetPartitionsStatsRequest request) throws TException {
        List<ColumnStatistics> all = request.getColStats();
        if (all == null || all.isEmpty()) {
            return true;
        }
        for (ColumnStatistics statistics : all) {
            if (!statistics.isSetEngine() && request.isSetEngine()) {
                statistics.setEngine(request.getEngine());
            }
        }
        if (all.get(0).getStatsDesc().isIsTblLevel()) {
            if (all.size() != 1) {
                throw HmsFailure.meta(
                        "Expecting only 1 ColumnStatistics for table's column stats, but find " + all.size());
            }
            ColumnStatistics statistics = all.get(0);
            if (request.isNeedMerge()) {
                HmsCall call = alterCall(statistics.getStatsDesc());
                catalog.run(UPDATE, call, client -> {
                    StatisticsUpdates.mergeWithTable(client, call, statistics);
                    return null;
                });
            }
            return updateTable(statistics);
        }
        StatisticsUpdates.requireDesc(all.get(0));
        HmsCall call = alterCall(all.get(0).getStatsDesc());
        return catalog.run(
                UPDATE,
                call,
                client -> StatisticsUpdates.partitions(
                        client, call, StatisticsUpdates.onePerPartition(all), request.isNeedMerge()));
    }

    private boolean updateTable(ColumnStatistics statistics) throws TException {
        HmsCall call = alterCall(StatisticsUpdates.requireDesc(statistics));
        return catalog.run(UPDATE, call, client -> StatisticsUpdates.table(client, call, statistics));
    }

    private boolean updatePartition(ColumnStatistics statistics) throws TException {
        HmsCall call = alterCall(StatisticsUpdates.requireDesc(statistics));
        return catalog.run(UPDATE, call, client -> StatisticsUpdates.partition(client, call, statistics));
    }

    private static HmsCall alterCall(ColumnStatisticsDesc desc) {
        return HmsCall.onTableOf(
                Operation.ALTER, CatalogDbName.encode(desc.getCatName(), desc.getDbName()), desc.getTableName());
    }

    // ---------------------------------------------------------------------------------------------
    // Reads

    /** One column of a table: null (no result) when it has no statistics. */
    public ColumnStatistics get_table_column_statistics(String db, String tbl, String column) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.READ, db, tbl);
        return catalog.run(
                GET_TABLE,
                call,
                client -> StatisticsReads.tableColumn(client, call, column).orElse(null));
    }

    public TableStatsResult get_table_statistics_req(TableStatsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.READ, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        return catalog.run(GET_REQ, call, client -> StatisticsReads.table(client, call, request));
    }

    /** One column of one partition: null (no result) when there are none or the partition is missing. */
    public ColumnStatistics get_partition_column_statistics(String db, String tbl, String partName, String column)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.READ, db, tbl);
        return catalog.run(
                GET_TABLE,
                call,
                client -> StatisticsReads.partitionColumn(client, call, partName, column)
                        .orElse(null));
    }

    /** Per partition name (as HMS stores it: keys lower-case), the statistics it has. */
    public PartitionsStatsResult get_partitions_statistics_req(PartitionsStatsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.READ, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        return catalog.run(GET_REQ, call, client -> StatisticsReads.partitions(client, call, request));
    }

    public AggrStats get_aggr_stats_for(PartitionsStatsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.READ, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        return catalog.run(GET_REQ, call, client -> StatisticsReads.aggregate(client, call, request));
    }

    // ---------------------------------------------------------------------------------------------
    // Deletes

    public boolean delete_table_column_statistics(String db, String tbl, String column, String engine)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.DROP, db, tbl);
        return catalog.run(DELETE, call, client -> StatisticsDeletes.ofTable(client, call, column, engine));
    }

    public boolean delete_partition_column_statistics(
            String db, String tbl, String partName, String column, String engine) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.DROP, db, tbl);
        return catalog.run(
                DELETE, call, client -> StatisticsDeletes.ofPartition(client, call, partName, column, engine));
    }

    /** Hive 4.1's bulk delete, as {@link StatisticsDeletes#inBulk}. */
    public boolean delete_column_statistics_req(DeleteColumnStatisticsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.DROP,
                CatalogDbName.encode(request.getCat_name(), request.getDb_name()),
                request.getTbl_name());
        return catalog.run(DELETE, call, client -> StatisticsDeletes.inBulk(client, call, request));
    }
}

package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.StatisticsTarget;
import dev.lakegate.hms.handler.partitions.AggregateStatistics;
import dev.lakegate.hms.handler.partitions.ColumnStatsAccurate;
import dev.lakegate.hms.handler.partitions.PartitionPages;
import dev.lakegate.hms.handler.partitions.PartitionPages.Selection;
import dev.lakegate.hms.handler.partitions.PartitionStatistics;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.hms.handler.partitions.StatisticsMerger;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.names.CatalogDbName;
import dev.lakegate.translator.names.PartitionNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.AggrStats;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.DeleteColumnStatisticsRequest;
import org.apache.hadoop.hive.metastore.api.InvalidInputException;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
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
 * statistics answers no result (HMS returns null), a bulk get an empty list.
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
        ColumnStatisticsDesc first = all.get(0).getStatsDesc();
        if (first.isIsTblLevel()) {
            if (all.size() != 1) {
                throw HmsFailure.meta(
                        "Expecting only 1 ColumnStatistics for table's column stats, but find " + all.size());
            }
            if (request.isNeedMerge()) {
                ColumnStatistics statistics = all.get(0);
                HmsCall call = HmsCall.onTableOf(Operation.ALTER, first.getDbName(), first.getTableName());
                catalog.run(UPDATE, call, client -> {
                    PartitionTable table = loadForStatistics(client, call);
                    mergeWithStored(
                            client, table, null, statistics, table.table().getPropertiesMap());
                    return null;
                });
            }
            return updateTable(all.get(0));
        }
        Map<String, ColumnStatistics> byPartition = new LinkedHashMap<>();
        for (ColumnStatistics statistics : all) {
            String name = statistics.getStatsDesc().getPartName();
            ColumnStatistics previous = byPartition.get(name);
            if (previous != null) {
                StatisticsMerger.merge(statistics, previous);
            }
            byPartition.put(name, statistics);
        }
        boolean result = true;
        for (ColumnStatistics statistics : byPartition.values()) {
            if (request.isNeedMerge()) {
                ColumnStatisticsDesc desc = statistics.getStatsDesc();
                HmsCall call = HmsCall.onTableOf(Operation.ALTER, desc.getDbName(), desc.getTableName());
                catalog.run(UPDATE, call, client -> {
                    PartitionTable table = PartitionTable.find(client, call)
                            .orElseThrow(() -> HmsWords.statisticsTableNotFound(call.qualifiedTable()));
                    List<String> values = partitionValues(table, desc.getPartName());
                    dev.lakegate.catalog.v1.Partition partition = findPartition(
                            client, table, values, "Partition for which stats is gathered doesn't exist.");
                    mergeWithStored(client, table, values, statistics, partition.getParametersMap());
                    return null;
                });
            }
            result = updatePartition(statistics) && result;
        }
        return result;
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

    private boolean updateTable(ColumnStatistics statistics) throws TException {
        ColumnStatisticsDesc desc = requireDesc(statistics);
        HmsCall call = HmsCall.onTableOf(Operation.ALTER, desc.getDbName(), desc.getTableName());
        return catalog.run(UPDATE, call, client -> {
            PartitionTable table = loadForStatistics(client, call);
            List<ColumnStatisticsObj> objects = normalized(statistics);
            Set<String> columns = new LinkedHashSet<>();
            Set<String> tableColumns = new java.util.HashSet<>();
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
            PartitionStatistics.write(client, PartitionStatistics.target(table, null, statistics.getEngine()), objects);
            PartitionStatistics.markTableColumns(client, table, columns);
            return true;
        });
    }

    private boolean updatePartition(ColumnStatistics statistics) throws TException {
        ColumnStatisticsDesc desc = requireDesc(statistics);
        HmsCall call = HmsCall.onTableOf(Operation.ALTER, desc.getDbName(), desc.getTableName());
        return catalog.run(UPDATE, call, client -> {
            PartitionTable table = PartitionTable.find(client, call)
                    .orElseThrow(() -> HmsWords.statisticsTableNotFound(call.qualifiedTable()));
            List<String> values = partitionValues(table, desc.getPartName());
            dev.lakegate.catalog.v1.Partition partition =
                    findPartition(client, table, values, "Partition for which stats is gathered doesn't exist.");
            List<ColumnStatisticsObj> objects = normalized(statistics);
            if (objects.isEmpty()) {
                return true;
            }
            PartitionStatistics.write(
                    client, PartitionStatistics.target(table, values, statistics.getEngine()), objects);
            PartitionStatistics.markPartitionColumns(
                    client,
                    table,
                    partition,
                    objects.stream().map(ColumnStatisticsObj::getColName).toList());
            return true;
        });
    }

    private static ColumnStatisticsDesc requireDesc(ColumnStatistics statistics) {
        if (statistics == null || statistics.getStatsDesc() == null) {
            throw HmsFailure.meta("Column statistics cannot be null.");
        }
        if (statistics.getStatsDesc().getDbName() == null
                || statistics.getStatsDesc().getTableName() == null) {
            throw HmsFailure.meta("The database and table name cannot be null.");
        }
        return statistics.getStatsDesc();
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

    // ---------------------------------------------------------------------------------------------
    // Reads

    /** One column of a table: null (no result) when it has no statistics. */
    public ColumnStatistics get_table_column_statistics(String db, String tbl, String column) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.READ, db, tbl);
        return catalog.run(GET_TABLE, call, client -> {
            PartitionTable table = loadForStatistics(client, call);
            List<ColumnStatisticsObj> objects = PartitionStatistics.read(
                    client, PartitionStatistics.target(table, null, null), List.of(lower(column)));
            return objects.isEmpty() ? null : PartitionStatistics.statistics(table, null, objects, null);
        });
    }

    public TableStatsResult get_table_statistics_req(TableStatsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.READ, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        return catalog.run(GET_REQ, call, client -> {
            PartitionTable table = loadForStatistics(client, call);
            List<String> columns = request.getColNames() == null ? List.of() : request.getColNames();
            if (columns.isEmpty()) {
                return new TableStatsResult(new ArrayList<>());
            }
            return new TableStatsResult(PartitionStatistics.read(
                    client, PartitionStatistics.target(table, null, request.getEngine()), columns));
        });
    }

    /** One column of one partition: null (no result) when there are none or the partition is missing. */
    public ColumnStatistics get_partition_column_statistics(String db, String tbl, String partName, String column)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.READ, db, tbl);
        return catalog.run(GET_TABLE, call, client -> {
            PartitionTable table = loadForStatistics(client, call);
            List<String> values = valuesOrNull(table, partName);
            if (values == null) {
                return null;
            }
            List<ColumnStatisticsObj> objects = readOrEmpty(client, table, values, List.of(lower(column)), null);
            return objects.isEmpty() ? null : PartitionStatistics.statistics(table, values, objects, null);
        });
    }

    /**
     * Per partition name (as HMS stores it: keys lower-case), the statistics it has; partitions without are left
     * out.
     */
    public PartitionsStatsResult get_partitions_statistics_req(PartitionsStatsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.READ, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        return catalog.run(GET_REQ, call, client -> {
            PartitionTable table = loadForStatistics(client, call);
            Map<String, List<ColumnStatisticsObj>> result = new HashMap<>();
            List<String> columns = request.getColNames() == null ? List.of() : request.getColNames();
            if (columns.isEmpty()) {
                return new PartitionsStatsResult(result);
            }
            for (List<String> values : partitionsOf(table, request.getPartNames())) {
                List<ColumnStatisticsObj> objects = readOrEmpty(client, table, values, columns, request.getEngine());
                if (!objects.isEmpty()) {
                    result.put(table.partitionName(values), objects);
                }
            }
            return new PartitionsStatsResult(result);
        });
    }

    public AggrStats get_aggr_stats_for(PartitionsStatsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.READ, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        return catalog.run(GET_REQ, call, client -> {
            PartitionTable table = loadForStatistics(client, call);
            List<String> columns = PartitionStatistics.lowerCase(request.getColNames());
            List<String> names = request.getPartNames() == null ? List.of() : request.getPartNames();
            if (columns.isEmpty() || names.isEmpty()) {
                return new AggrStats(new ArrayList<>(), 0);
            }
            List<List<ColumnStatisticsObj>> byPartition = new ArrayList<>();
            for (List<String> values : partitionsOf(table, names)) {
                List<ColumnStatisticsObj> objects = readOrEmpty(client, table, values, columns, request.getEngine());
                if (!objects.isEmpty()) {
                    byPartition.add(objects);
                }
            }
            return AggregateStatistics.aggregate(columns, byPartition);
        });
    }

    // ---------------------------------------------------------------------------------------------
    // Deletes

    public boolean delete_table_column_statistics(String db, String tbl, String column, String engine)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.DROP, db, tbl);
        return catalog.run(DELETE, call, client -> {
            PartitionTable table = loadForDeletion(client, call);
            StatisticsTarget target = PartitionStatistics.target(table, null, engine);
            if (column == null) {
                PartitionStatistics.delete(client, target, List.of());
                return true;
            }
            if (PartitionStatistics.delete(client, target, List.of(column)) == 0) {
                throw HmsFailure.of(
                        "Column stats doesn't exist for db=" + table.database() + " table=" + table.name() + " col="
                                + lower(column),
                        NoSuchObjectException.class);
            }
            return true;
        });
    }

    public boolean delete_partition_column_statistics(
            String db, String tbl, String partName, String column, String engine) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.DROP, db, tbl);
        return catalog.run(DELETE, call, client -> {
            PartitionTable table = PartitionTable.find(client, call)
                    .orElseThrow(() -> HmsWords.statisticsTableNotFound(call.database() + "." + call.table()));
            String name = lowerCaseKeys(partName);
            List<String> values = partitionValues(table, name);
            findPartition(
                    client,
                    table,
                    values,
                    "Partition " + name + " for which stats deletion is requested" + " doesn't exist");
            StatisticsTarget target = PartitionStatistics.target(table, values, engine);
            if (column == null) {
                PartitionStatistics.delete(client, target, List.of());
                return true;
            }
            if (PartitionStatistics.delete(client, target, List.of(column)) == 0) {
                throw HmsFailure.of(
                        "Column stats doesn't exist for table=" + call.qualifiedTable() + " partition=" + name + " col="
                                + lower(column),
                        NoSuchObjectException.class);
            }
            return true;
        });
    }

    /**
     * Hive 4.1's bulk delete: of the table's statistics, or of the partitions named (every
     * partition when none is named); of the columns named, or all. Missing statistics are no error.
     */
    public boolean delete_column_statistics_req(DeleteColumnStatisticsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.DROP,
                CatalogDbName.encode(request.getCat_name(), request.getDb_name()),
                request.getTbl_name());
        return catalog.run(DELETE, call, client -> {
            PartitionTable table = loadForDeletion(client, call);
            List<String> columns = request.getCol_names() == null ? List.of() : request.getCol_names();
            if (request.isTableLevel()) {
                PartitionStatistics.delete(
                        client, PartitionStatistics.target(table, null, request.getEngine()), columns);
                return true;
            }
            List<List<String>> partitions;
            if (request.getPart_names() == null || request.getPart_names().isEmpty()) {
                partitions = new ArrayList<>();
                for (dev.lakegate.catalog.v1.Partition partition :
                        PartitionPages.list(client, table, Selection.all(), Integer.MAX_VALUE, true)) {
                    partitions.add(PartitionMapper.fromNativeValues(partition.getValuesList()));
                }
            } else {
                partitions = partitionsOf(table, request.getPart_names());
            }
            for (List<String> values : partitions) {
                CatalogFailures.tolerating(
                        () -> PartitionStatistics.delete(
                                client, PartitionStatistics.target(table, values, request.getEngine()), columns),
                        ErrorReason.PARTITION_NOT_FOUND);
            }
            return true;
        });
    }

    // ---------------------------------------------------------------------------------------------
    // Helpers

    private static String lower(String column) {
        return column == null ? null : column.toLowerCase(Locale.ROOT);
    }

    private static PartitionTable loadForStatistics(CatalogClient client, HmsCall call) {
        return PartitionTable.find(client, call)
                .orElseThrow(() -> HmsWords.specifiedTableDoesNotExist(call.qualifiedTable()));
    }

    /** HMSHandler.delete_*_column_statistics on a missing table. */
    private static PartitionTable loadForDeletion(CatalogClient client, HmsCall call) {
        return PartitionTable.find(client, call)
                .orElseThrow(() -> HmsFailure.of(
                        "Table " + call.qualifiedTable() + "  for which stats deletion is requested doesn't exist",
                        NoSuchObjectException.class));
    }

    /** HMSHandler.lowerCaseConvertPartName: keys lower-cased, values kept as escaped. */
    private static String lowerCaseKeys(String name) {
        if (name == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (String component : name.split("/")) {
            int equals = component.lastIndexOf('=');
            if (equals <= 0 || equals == component.length() - 1) {
                continue;
            }
            if (out.length() > 0) {
                out.append('/');
            }
            out.append(component.substring(0, equals).toLowerCase(Locale.ROOT)).append(component.substring(equals));
        }
        return out.toString();
    }

    /** The values of a partition name, with getPartValsFromName's errors. */
    private static List<String> partitionValues(PartitionTable table, String name) {
        if (name == null) {
            throw HmsFailure.of("Partition name cannot be null", InvalidObjectException.class, MetaException.class);
        }
        return PartitionNames.valuesFor(lowerCaseKeys(name), table.keyNames());
    }

    private static List<String> valuesOrNull(PartitionTable table, String name) {
        if (name == null || !table.partitioned()) {
            return null;
        }
        try {
            List<String> values = PartitionNames.valuesFor(lowerCaseKeys(name), table.keyNames());
            return table.partitionName(values).equals(lowerCaseKeys(name)) ? values : null;
        } catch (HmsFailure e) {
            return null;
        }
    }

    /** The partitions of these names (each once), in the order given; names of no partition are left out. */
    private static List<List<String>> partitionsOf(PartitionTable table, List<String> names) {
        Set<List<String>> result = new LinkedHashSet<>();
        if (names != null) {
            for (String name : names) {
                List<String> values = valuesOrNull(table, name);
                if (values != null) {
                    result.add(values);
                }
            }
        }
        return new ArrayList<>(result);
    }

    private static List<ColumnStatisticsObj> readOrEmpty(
            CatalogClient client, PartitionTable table, List<String> values, List<String> columns, String engine) {
        return CatalogFailures.find(
                        () -> PartitionStatistics.read(
                                client, PartitionStatistics.target(table, values, engine), columns),
                        ErrorReason.PARTITION_NOT_FOUND)
                .orElse(List.of());
    }

    private static dev.lakegate.catalog.v1.Partition findPartition(
            CatalogClient client, PartitionTable table, List<String> values, String message) {
        List<dev.lakegate.catalog.v1.Partition> found = table.partitioned()
                ? PartitionPages.batchGet(client, table, List.of(PartitionMapper.toNativeValues(values)), false)
                : List.of();
        if (found.isEmpty()) {
            throw HmsFailure.of(message, NoSuchObjectException.class);
        }
        return found.get(0);
    }
}

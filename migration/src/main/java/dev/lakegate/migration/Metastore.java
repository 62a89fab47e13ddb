package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.NotificationEventRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TableStatsRequest;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;

/**
 * One side of a migration — the legacy metastore or the catalog — read and written with HMS calls every
 * release since 2.3 answers, so that the same code copies in both directions: legacy to catalog for a
 * copy or a cutover, catalog to legacy for a rollback.
 */
final class Metastore {

    /** The engine HMS 4 files column statistics under; older releases ignore the field. */
    static final String ENGINE = "hive";

    private static final int EVENTS_PER_CALL = 1_000;

    private final ThriftHiveMetastore.Iface hms;
    private final String label;
    private final boolean computesStatisticsOnAdd;

    /**
     * {@code computesStatisticsOnAdd}: the side is an HMS, which fills in a new partition's basic
     * statistics from its files unless told not to, a thing {@code add_partitions} cannot be told.
     */
    Metastore(ThriftHiveMetastore.Iface hms, String label, boolean computesStatisticsOnAdd) {
        this.hms = requireNonNull(hms, "hms is null");
        this.label = requireNonNull(label, "label is null");
        this.computesStatisticsOnAdd = computesStatisticsOnAdd;
    }

    ThriftHiveMetastore.Iface hms() {
        return hms;
    }

    /** How differences name this side: "the legacy metastore", "the catalog". */
    String label() {
        return label;
    }

    Database database(String name) throws TException {
        return hms.get_database(name);
    }

    List<String> tables(String database) throws TException {
        return hms.get_all_tables(database);
    }

    Table table(String database, String table) throws TException {
        return hms.get_table_req(new GetTableRequest(database, table)).getTable();
    }

    List<String> partitionNames(String database, String table) throws TException {
        return hms.get_partition_names(database, table, (short) -1);
    }

    List<Partition> partitions(String database, String table, List<String> names) throws TException {
        return hms.get_partitions_by_names(database, table, names);
    }

    /** Adds partitions as they are given: in one call, or one by one where only that keeps their parameters. */
    void addPartitions(String database, String table, List<Partition> partitions) throws TException {
        if (partitions.isEmpty()) {
            return;
        }
        if (computesStatisticsOnAdd) {
            EnvironmentContext asGiven = new EnvironmentContext(new HashMap<>(Map.of("DO_NOT_UPDATE_STATS", "true")));
            for (Partition partition : partitions) {
                hms.add_partition_with_environment_context(partition, asGiven);
            }
            return;
        }
        AddPartitionsRequest request = new AddPartitionsRequest(database, table, partitions, true);
        request.setNeedResult(false);
        hms.add_partitions_req(request);
    }

    /** The table's column statistics, or null when it has none. */
    ColumnStatistics tableStatistics(Table table) throws TException {
        List<String> columns = columnNames(table);
        if (columns.isEmpty()) {
            return null;
        }
        TableStatsRequest request = new TableStatsRequest(table.getDbName(), table.getTableName(), columns);
        request.setEngine(ENGINE);
        List<ColumnStatisticsObj> objects =
                hms.get_table_statistics_req(request).getTableStats();
        if (objects == null || objects.isEmpty()) {
            return null;
        }
        return statistics(new ColumnStatisticsDesc(true, table.getDbName(), table.getTableName()), objects);
    }

    /** The column statistics of the named partitions that have any, by partition name. */
    Map<String, ColumnStatistics> partitionStatistics(Table table, List<String> names) throws TException {
        List<String> columns = columnNames(table);
        if (columns.isEmpty() || names.isEmpty()) {
            return Map.of();
        }
        PartitionsStatsRequest request =
                new PartitionsStatsRequest(table.getDbName(), table.getTableName(), columns, names);
        request.setEngine(ENGINE);
        Map<String, List<ColumnStatisticsObj>> found =
                hms.get_partitions_statistics_req(request).getPartStats();
        Map<String, ColumnStatistics> out = new HashMap<>();
        if (found != null) {
            found.forEach((name, objects) -> {
                if (objects != null && !objects.isEmpty()) {
                    ColumnStatisticsDesc desc =
                            new ColumnStatisticsDesc(false, table.getDbName(), table.getTableName());
                    desc.setPartName(name);
                    out.put(name, statistics(desc, objects));
                }
            });
        }
        return out;
    }

    List<Function> functions(String database) throws TException {
        List<Function> functions = new ArrayList<>();
        for (String name : hms.get_functions(database, "*")) {
            functions.add(hms.get_function(database, name));
        }
        return functions;
    }

    /** The id of the newest event in the metastore's notification log; 0 when it keeps none. */
    long currentEventId() throws TException {
        return hms.get_current_notificationEventId().getEventId();
    }

    /**
     * The tables of {@code database} named by notification events after {@code eventId} (a database-level
     * event names none); empty when the log cannot tell: no id was recorded, or the log no longer holds
     * the event right after it (cleaned, or never kept).
     */
    Optional<Set<String>> tablesChangedSince(String database, long eventId) throws TException {
        if (eventId <= 0) {
            return Optional.empty();
        }
        Set<String> tables = new HashSet<>();
        long last = eventId;
        while (true) {
            NotificationEventRequest request = new NotificationEventRequest(last);
            request.setMaxEvents(EVENTS_PER_CALL);
            List<NotificationEvent> events = hms.get_next_notification(request).getEvents();
            if (events == null || events.isEmpty()) {
                return Optional.of(tables);
            }
            if (last == eventId && events.get(0).getEventId() != eventId + 1) {
                return Optional.empty();
            }
            for (NotificationEvent event : events) {
                if (database.equalsIgnoreCase(event.getDbName())
                        && event.getTableName() != null
                        && !event.getTableName().isEmpty()) {
                    tables.add(event.getTableName().toLowerCase(Locale.ROOT));
                }
                last = event.getEventId();
            }
            if (events.size() < EVENTS_PER_CALL) {
                return Optional.of(tables);
            }
        }
    }

    private static List<String> columnNames(Table table) {
        List<String> columns = new ArrayList<>();
        if (table.getSd() != null && table.getSd().getCols() != null) {
            for (FieldSchema column : table.getSd().getCols()) {
                columns.add(column.getName());
            }
        }
        return columns;
    }

    private static ColumnStatistics statistics(ColumnStatisticsDesc desc, List<ColumnStatisticsObj> objects) {
        ColumnStatistics statistics = new ColumnStatistics(desc, new ArrayList<>(objects));
        statistics.setEngine(ENGINE);
        return statistics;
    }
}

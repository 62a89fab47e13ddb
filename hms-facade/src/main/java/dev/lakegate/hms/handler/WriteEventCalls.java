package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AcidWriteReport;
import dev.lakegate.hms.handler.transactions.TransactionWords;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.events.AcidWriteReportMapper;
import dev.lakegate.translator.names.PartitionNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetAllWriteEventInfoRequest;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.WriteEventInfo;
import org.apache.hadoop.hive.metastore.api.WriteNotificationLogBatchRequest;
import org.apache.hadoop.hive.metastore.api.WriteNotificationLogBatchResponse;
import org.apache.hadoop.hive.metastore.api.WriteNotificationLogRequest;
import org.apache.hadoop.hive.metastore.api.WriteNotificationLogResponse;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;

/**
 * What Hive's writers report of their writes of transactional tables (with {@code hive.metastore.dml.events}),
 * as HMS 4.0.1 takes them: the table must exist (and, reported alone, the partition written), read as
 * get_table_req and get_partition read them; neither the transaction nor the write id is checked. The catalog
 * keeps them, as HMS's transactional DbNotificationListener keeps them in TXN_WRITE_NOTIFICATION_LOG, only when
 * it logs transaction events; replication reads a committed transaction's writes back with
 * get_all_write_event_info. The report calls declare no exception: a refusal is HMS's internal error, with
 * Lakegate's words (HMS says "Internal error processing ...").
 */
public final class WriteEventCalls {

    private static final DeclaredExceptions ALL_WRITES = DeclaredExceptions.of("get_all_write_event_info");

    private final CatalogCalls catalog;
    private final TableCalls tables;
    private final PartitionCalls partitions;

    public WriteEventCalls(CatalogCalls catalog, TableCalls tables, PartitionCalls partitions) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.tables = requireNonNull(tables, "tables is null");
        this.partitions = requireNonNull(partitions, "partitions is null");
    }

    /** One write: of the whole table, or of the partition of its values, which must exist. */
    public WriteNotificationLogResponse add_write_notification_log(WriteNotificationLogRequest rqst) throws TException {
        Table table = table(null, rqst.getDb(), rqst.getTable());
        Optional<Partition> partition = Optional.empty();
        String name = "";
        if (isPartitioned(table)) {
            partition = Optional.of(
                    refusedAs(() -> partitions.get_partition(rqst.getDb(), rqst.getTable(), rqst.getPartitionVals())));
            name = partitionName(table.getPartitionKeys(), partition.get().getValues());
        }
        report(List.of(AcidWriteReportMapper.toReport(rqst, table, name, partition)));
        return new WriteNotificationLogResponse();
    }

    /**
     * Writes of one table (HMS 4): of an unpartitioned table, each as reported; of a partitioned one, those of
     * its partitions that exist (the last report of a partition, once), as HMS reads the partitions by name and
     * passes over the missing ones.
     */
    public WriteNotificationLogBatchResponse add_write_notification_log_in_batch(WriteNotificationLogBatchRequest rqst)
            throws TException {
        List<WriteNotificationLogRequest> requests = rqst.isSetRequestList() ? rqst.getRequestList() : List.of();
        if (requests.isEmpty()) {
            return new WriteNotificationLogBatchResponse();
        }
        Table table = table(rqst.getCatalog(), rqst.getDb(), rqst.getTable());
        List<AcidWriteReport> reports = new ArrayList<>();
        if (!isPartitioned(table)) {
            for (WriteNotificationLogRequest request : requests) {
                reports.add(AcidWriteReportMapper.toReport(request, table, "", Optional.empty()));
            }
        } else {
            Map<String, WriteNotificationLogRequest> byName = new LinkedHashMap<>();
            for (WriteNotificationLogRequest request : requests) {
                byName.put(partitionName(table.getPartitionKeys(), request.getPartitionVals()), request);
            }
            List<Partition> found = refusedAs(() -> partitions.get_partitions_by_names(
                    rqst.getDb(), rqst.getTable(), new ArrayList<>(byName.keySet())));
            Map<String, Partition> partitionsByName = new HashMap<>();
            for (Partition partition : found) {
                partitionsByName.put(partitionName(table.getPartitionKeys(), partition.getValues()), partition);
            }
            byName.forEach((name, request) -> {
                Partition partition = partitionsByName.get(name);
                if (partition != null) {
                    reports.add(AcidWriteReportMapper.toReport(request, table, name, Optional.of(partition)));
                }
            });
        }
        report(reports);
        return new WriteNotificationLogBatchResponse();
    }

    /**
     * The writes reported in a transaction, of one database and one table if named (null or "*": any), by
     * database and table, the names as kept (lower-cased).
     */
    public List<WriteEventInfo> get_all_write_event_info(GetAllWriteEventInfoRequest request) throws TException {
        Optional<String> database = filter(request.getDbName());
        Optional<String> table = filter(request.getTableName());
        return catalog.run(
                ALL_WRITES,
                HmsCall.database(Operation.LIST, null),
                client -> client.acidWriteReports().list(request.getTxnId(), database, table).stream()
                        .map(AcidWriteReportMapper::toThrift)
                        .toList());
    }

    private void report(List<AcidWriteReport> reports) throws TException {
        if (reports.isEmpty()) {
            return;
        }
        catalog.run(
                DeclaredExceptions.of("add_write_notification_log"),
                HmsCall.database(Operation.ALTER, null),
                client -> {
                    client.acidWriteReports().report(reports);
                    return null;
                });
    }

    private Table table(String catalogName, String database, String table) throws TException {
        GetTableRequest request = new GetTableRequest(database, table);
        if (catalogName != null) {
            request.setCatName(catalogName);
        }
        return refusedAs(() -> tables.get_table_req(request)).getTable();
    }

    private static boolean isPartitioned(Table table) {
        return table.isSetPartitionKeys() && !table.getPartitionKeys().isEmpty();
    }

    private static String partitionName(List<FieldSchema> keys, List<String> values) throws TApplicationException {
        List<String> names = keys.stream().map(FieldSchema::getName).toList();
        try {
            return PartitionNames.name(names, values == null ? List.of() : values);
        } catch (HmsFailure failure) {
            throw TransactionWords.refused(failure.getMessage());
        }
    }

    private static Optional<String> filter(String name) {
        return name == null || name.equals("*") ? Optional.empty() : Optional.of(name);
    }

    /** A lookup whose failure these calls, which declare no exception, answer as HMS's internal error. */
    private static <T> T refusedAs(Lookup<T> lookup) throws TApplicationException {
        try {
            return lookup.get();
        } catch (TApplicationException e) {
            throw e;
        } catch (TException e) {
            throw TransactionWords.refused(e.getMessage());
        }
    }

    private interface Lookup<T> {
        T get() throws TException;
    }
}

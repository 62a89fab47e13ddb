package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.Compaction;
import dev.lakegate.catalog.v1.CompactionMetricPlace;
import dev.lakegate.catalog.v1.CompactionState;
import dev.lakegate.catalog.v1.ListCompactionsRequest;
import dev.lakegate.catalog.v1.RecordCompactionWorkRequest;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.hms.handler.compactions.CleanerWords;
import dev.lakegate.hms.handler.compactions.CompactionWords;
import dev.lakegate.hms.handler.compactions.CompactorWords;
import dev.lakegate.hms.handler.statistics.StatisticsReads;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.AbortCompactResponse;
import org.apache.hadoop.hive.metastore.api.AbortCompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionInfoStruct;
import org.apache.hadoop.hive.metastore.api.CompactionMetricsDataRequest;
import org.apache.hadoop.hive.metastore.api.CompactionMetricsDataStruct;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionResponse;
import org.apache.hadoop.hive.metastore.api.FindNextCompactRequest;
import org.apache.hadoop.hive.metastore.api.GetLatestCommittedCompactionInfoRequest;
import org.apache.hadoop.hive.metastore.api.GetLatestCommittedCompactionInfoResponse;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.OptionalCompactionInfoStruct;
import org.apache.hadoop.hive.metastore.api.ShowCompactRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponse;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement;
import org.apache.thrift.TException;

/**
 * Hive's compaction queue as HMS 4.0.1's transaction handler serves it to clients: compaction requests are
 * enqueued as initiated, or refused while one of the same place (a partition, or a whole table) is initiated
 * or working, and show_compact lists the queue with HMS 4's filters. Like HMS, the facade queues any name,
 * as given (not lower-cased), whether such a table exists or not. Hive's compactor Worker takes the entries
 * on with the calls of HMS's CompactionTxnHandler: the next one to compact (working), its transaction and
 * Hadoop job, and compacted (ready for cleaning), failed or refused. The Cleaner ends a compacted entry as
 * succeeded (mark_cleaned) or queues one ready for cleaning (submit_for_cleanup); callers read the latest
 * committed compaction of each partition and abort initiated entries; the Worker reads which columns have
 * statistics; the Initiator and Cleaner keep delta metrics of each place (HMS's compaction metrics cache).
 * A call without its request is refused with its MetaException (HMS fails on it with an internal error).
 */
public final class CompactionCalls {

    private static final DeclaredExceptions COMPACT = DeclaredExceptions.of("compact");
    private static final DeclaredExceptions COMPACT2 = DeclaredExceptions.of("compact2");
    private static final DeclaredExceptions SHOW = DeclaredExceptions.of("show_compact");
    private static final DeclaredExceptions FIND_NEXT = DeclaredExceptions.of("find_next_compact");
    private static final DeclaredExceptions FIND_NEXT2 = DeclaredExceptions.of("find_next_compact2");
    private static final DeclaredExceptions UPDATE_STATE = DeclaredExceptions.of("update_compactor_state");
    private static final DeclaredExceptions SET_JOB = DeclaredExceptions.of("set_hadoop_jobid");
    private static final DeclaredExceptions COMPACTED = DeclaredExceptions.of("mark_compacted");
    private static final DeclaredExceptions FAILED = DeclaredExceptions.of("mark_failed");
    private static final DeclaredExceptions REFUSED = DeclaredExceptions.of("mark_refused");
    private static final DeclaredExceptions CLEANED = DeclaredExceptions.of("mark_cleaned");
    private static final DeclaredExceptions SUBMIT_FOR_CLEANUP = DeclaredExceptions.of("submit_for_cleanup");
    private static final DeclaredExceptions COLUMNS_WITH_STATS = DeclaredExceptions.of("find_columns_with_stats");
    private static final DeclaredExceptions LATEST_COMMITTED =
            DeclaredExceptions.of("get_latest_committed_compaction_info");
    private static final DeclaredExceptions ABORT = DeclaredExceptions.of("abort_Compactions");
    private static final DeclaredExceptions UPDATE_METRICS = DeclaredExceptions.of("update_compaction_metrics_data");
    private static final DeclaredExceptions REMOVE_METRICS = DeclaredExceptions.of("remove_compaction_metrics_data");

    private final CatalogCalls catalog;

    public CompactionCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    /** The 3.1 form: the answer is dropped, a refused request is no failure. */
    public void compact(CompactionRequest rqst) throws TException {
        enqueue(COMPACT, rqst);
    }

    public CompactionResponse compact2(CompactionRequest rqst) throws TException {
        return enqueue(COMPACT2, rqst);
    }

    private CompactionResponse enqueue(DeclaredExceptions declared, CompactionRequest rqst) throws TException {
        dev.lakegate.catalog.v1.CompactionRequest request = CompactionWords.request(rqst);
        TableIdentifier table = request.getTable();
        return catalog.run(
                declared,
                HmsCall.table(Operation.ALTER, table.getNamespace(), table.getName()),
                client -> CompactionWords.response(client.acidTransactions().enqueueCompaction(request)));
    }

    /**
     * HMS 4's filters; its order is a piece of HMS's SQL, of which only its id column is understood (other
     * orders are refused as HMS refuses a column it lacks). Otherwise entries come in HMS's own order: those
     * not ended in the order they were enqueued, then the failed and refused ones, the latest ended first.
     */
    public ShowCompactResponse show_compact(ShowCompactRequest rqst) throws TException {
        Optional<ListCompactionsRequest> request = CompactionWords.filter(rqst);
        if (request.isEmpty()) {
            // A state HMS stores under no code matches no entry.
            return new ShowCompactResponse(new ArrayList<>());
        }
        return catalog.run(SHOW, HmsCall.database(Operation.READ, null), client -> {
            List<ShowCompactResponseElement> elements = new ArrayList<>();
            for (Compaction entry : client.acidTransactions().listCompactions(request.get())) {
                elements.add(CompactionWords.element(entry));
            }
            return new ShowCompactResponse(elements);
        });
    }

    /** The 3.1 form: a Worker of no version and no pool. */
    public OptionalCompactionInfoStruct find_next_compact(String workerId) throws TException {
        return takeNext(FIND_NEXT, workerId, null, null);
    }

    public OptionalCompactionInfoStruct find_next_compact2(FindNextCompactRequest rqst) throws TException {
        if (rqst == null) {
            throw new MetaException("FindNextCompactRequest is null");
        }
        return takeNext(FIND_NEXT2, rqst.getWorkerId(), rqst.getWorkerVersion(), rqst.getPoolName());
    }

    private OptionalCompactionInfoStruct takeNext(
            DeclaredExceptions declared, String workerId, String workerVersion, String pool) throws TException {
        return catalog.run(
                declared,
                HmsCall.database(Operation.ALTER, null),
                client -> CompactorWords.taken(client.acidTransactions()
                        .takeNextCompaction(nullToEmpty(workerId), nullToEmpty(workerVersion), blankToEmpty(pool))));
    }

    /** The Worker's transaction, the highest write id it compacts up to and its user, on the entry. */
    public void update_compactor_state(CompactionInfoStruct cr, long txnId) throws TException {
        record(UPDATE_STATE, cr, struct -> CompactorWords.compactor(struct, txnId));
    }

    public void set_hadoop_jobid(String jobId, long cqId) throws TException {
        catalog.run(SET_JOB, HmsCall.database(Operation.ALTER, null), client -> {
            client.acidTransactions().recordCompactionWork(CompactorWords.hadoopJob(cqId, jobId));
            return null;
        });
    }

    public void mark_compacted(CompactionInfoStruct cr) throws TException {
        record(COMPACTED, cr, CompactorWords::compacted);
    }

    public void mark_failed(CompactionInfoStruct cr) throws TException {
        record(FAILED, cr, struct -> CompactorWords.ended(struct, CompactionState.COMPACTION_FAILED));
    }

    public void mark_refused(CompactionInfoStruct cr) throws TException {
        record(REFUSED, cr, struct -> CompactorWords.ended(struct, CompactionState.COMPACTION_REFUSED));
    }

    private void record(DeclaredExceptions declared, CompactionInfoStruct cr, WorkOf work) throws TException {
        if (cr == null) {
            throw new MetaException("CompactionInfoStruct is null");
        }
        RecordCompactionWorkRequest recorded = work.of(cr);
        catalog.run(declared, HmsCall.table(Operation.ALTER, cr.getDbname(), cr.getTablename()), client -> {
            client.acidTransactions().recordCompactionWork(recorded);
            return null;
        });
    }

    /** What a call records of the struct it was given. */
    @FunctionalInterface
    private interface WorkOf {
        RecordCompactionWorkRequest of(CompactionInfoStruct cr) throws TException;
    }

    /**
     * Hive's Cleaner is done with an entry: it ends as succeeded (show_compact shows it so), and the place's
     * ABORT_TXN_CLEANUP entries leave the queue. An id no entry has changes nothing, as in HMS.
     */
    public void mark_cleaned(CompactionInfoStruct cr) throws TException {
        if (cr == null) {
            throw new MetaException("CompactionInfoStruct is null");
        }
        catalog.run(CLEANED, HmsCall.table(Operation.ALTER, cr.getDbname(), cr.getTablename()), client -> {
            client.acidTransactions().markCompactionCleaned(cr.getId());
            return null;
        });
    }

    /** Enqueues a request as ready for cleaning, compacted up to a write id in a transaction; always true. */
    public boolean submit_for_cleanup(CompactionRequest rqst, long highestWriteId, long txnId) throws TException {
        if (rqst == null) {
            throw new MetaException("CompactionRequest is null");
        }
        dev.lakegate.catalog.v1.CompactionRequest request = CompactionWords.request(rqst);
        TableIdentifier table = request.getTable();
        return catalog.run(
                SUBMIT_FOR_CLEANUP, HmsCall.table(Operation.ALTER, table.getNamespace(), table.getName()), client -> {
                    client.acidTransactions().submitCompactionForCleanup(request, highestWriteId, txnId);
                    return true;
                });
    }

    /** The columns of the entry's table or partition that have statistics, for the Worker to gather again. */
    public List<String> find_columns_with_stats(CompactionInfoStruct cr) throws TException {
        if (cr == null) {
            throw new MetaException("CompactionInfoStruct is null");
        }
        HmsCall call = HmsCall.onTableOf(Operation.READ, cr.getDbname(), cr.getTablename());
        return catalog.run(
                COLUMNS_WITH_STATS,
                call,
                client -> StatisticsReads.columnsWithStatistics(client, call, cr.getPartitionname()));
    }

    /** Of each partition of a table (its own place among them) the latest succeeded or compacted entry. */
    public GetLatestCommittedCompactionInfoResponse get_latest_committed_compaction_info(
            GetLatestCommittedCompactionInfoRequest rqst) throws TException {
        if (rqst == null) {
            throw new MetaException("GetLatestCommittedCompactionInfoRequest is null");
        }
        ListCompactionsRequest committed = CleanerWords.committed(rqst);
        return catalog.run(
                LATEST_COMMITTED,
                HmsCall.table(Operation.READ, rqst.getDbname(), rqst.getTablename()),
                client -> CleanerWords.latest(rqst, client.acidTransactions().listCompactions(committed)));
    }

    /** Aborts the initiated entries among the ids; the others are answered why not, in HMS 4.0.1's words. */
    public AbortCompactResponse abort_Compactions(AbortCompactionRequest rqst) throws TException {
        if (rqst == null) {
            throw new MetaException("AbortCompactionRequest is null");
        }
        List<Long> ids = rqst.getCompactionIds() == null ? List.of() : rqst.getCompactionIds();
        if (ids.isEmpty()) {
            // HMS 4.0.1 fails on its query of no ids; the method declares no exception: an internal error
            throw new MetaException("an abort of compactions names at least one compaction id");
        }
        return catalog.run(
                ABORT,
                HmsCall.database(Operation.ALTER, null),
                client -> CleanerWords.aborted(
                        client.acidTransactions().abortCompactions(ids, CleanerWords.ABORTED_MESSAGE)));
    }

    /** Keeps a delta metric at or above its threshold, removes it below; true unless it moved on meanwhile. */
    public boolean update_compaction_metrics_data(CompactionMetricsDataStruct struct) throws TException {
        if (struct == null) {
            throw new MetaException("CompactionMetricsDataStruct is null");
        }
        CompactionMetricPlace place = CleanerWords.place(
                struct.getDbname(), struct.getTblname(), struct.getPartitionname(), struct.getType());
        return catalog.run(
                UPDATE_METRICS,
                HmsCall.table(Operation.ALTER, struct.getDbname(), struct.getTblname()),
                client -> client.acidTransactions()
                        .updateCompactionMetric(place, struct.getMetricvalue(), struct.getThreshold()));
    }

    /** Removes a delta metric (of no partition: of the table and each of its partitions). */
    public void remove_compaction_metrics_data(CompactionMetricsDataRequest request) throws TException {
        if (request == null) {
            throw new MetaException("CompactionMetricsDataRequest is null");
        }
        CompactionMetricPlace place = CleanerWords.place(
                request.getDbName(), request.getTblName(), request.getPartitionName(), request.getType());
        catalog.run(
                REMOVE_METRICS, HmsCall.table(Operation.ALTER, request.getDbName(), request.getTblName()), client -> {
                    client.acidTransactions().removeCompactionMetric(place);
                    return null;
                });
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }

    /** HMS takes a blank pool name for none. */
    private static String blankToEmpty(String pool) {
        return pool == null || pool.isBlank() ? "" : pool;
    }
}

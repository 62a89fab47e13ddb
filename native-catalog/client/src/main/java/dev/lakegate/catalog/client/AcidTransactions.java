package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AbortAcidTransactionsRequest;
import dev.lakegate.catalog.v1.AbortCompactionsRequest;
import dev.lakegate.catalog.v1.AbortCompactionsResponse;
import dev.lakegate.catalog.v1.AcidSnapshot;
import dev.lakegate.catalog.v1.AcidTransaction;
import dev.lakegate.catalog.v1.AcidTransactionServiceGrpc;
import dev.lakegate.catalog.v1.AcidTransactionServiceGrpc.AcidTransactionServiceBlockingStub;
import dev.lakegate.catalog.v1.AcidWriteOperation;
import dev.lakegate.catalog.v1.AddToMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.AllocateWriteIdsRequest;
import dev.lakegate.catalog.v1.CheckMaterializedViewSourcesRequest;
import dev.lakegate.catalog.v1.CheckMaterializedViewSourcesResponse;
import dev.lakegate.catalog.v1.CommitAcidTransactionRequest;
import dev.lakegate.catalog.v1.CommitAcidTransactionResponse;
import dev.lakegate.catalog.v1.Compaction;
import dev.lakegate.catalog.v1.CompactionMetricPlace;
import dev.lakegate.catalog.v1.CompactionRequest;
import dev.lakegate.catalog.v1.EnqueueCompactionRequest;
import dev.lakegate.catalog.v1.EnqueueCompactionResponse;
import dev.lakegate.catalog.v1.GetLastWriteIdRequest;
import dev.lakegate.catalog.v1.GetLatestConflictRequest;
import dev.lakegate.catalog.v1.GetMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.HeartbeatAcidTransactionsRequest;
import dev.lakegate.catalog.v1.HeartbeatAcidTransactionsResponse;
import dev.lakegate.catalog.v1.HeartbeatMaterializationRebuildRequest;
import dev.lakegate.catalog.v1.ListAcidTransactionsRequest;
import dev.lakegate.catalog.v1.ListAcidTransactionsResponse;
import dev.lakegate.catalog.v1.ListCompactionsRequest;
import dev.lakegate.catalog.v1.ListValidWriteIdsRequest;
import dev.lakegate.catalog.v1.LockMaterializationRebuildRequest;
import dev.lakegate.catalog.v1.MarkCompactionCleanedRequest;
import dev.lakegate.catalog.v1.MaterializedViewSource;
import dev.lakegate.catalog.v1.MaterializedViewSourceCount;
import dev.lakegate.catalog.v1.OpenAcidTransactionsRequest;
import dev.lakegate.catalog.v1.RecordAcidWritesRequest;
import dev.lakegate.catalog.v1.RecordCompactionWorkRequest;
import dev.lakegate.catalog.v1.RemoveCompactionMetricRequest;
import dev.lakegate.catalog.v1.ReplicateWriteIdStateRequest;
import dev.lakegate.catalog.v1.ReplicateWriteIdStateResponse;
import dev.lakegate.catalog.v1.SeedTransactionIdsRequest;
import dev.lakegate.catalog.v1.SeedWriteIdsRequest;
import dev.lakegate.catalog.v1.SetMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.SubmitCompactionForCleanupRequest;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableWriteId;
import dev.lakegate.catalog.v1.TakeNextCompactionRequest;
import dev.lakegate.catalog.v1.TakeNextCompactionResponse;
import dev.lakegate.catalog.v1.UpdateCompactionMetricRequest;
import dev.lakegate.catalog.v1.ValidWriteIds;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/** Hive's ACID transactions through a {@link CatalogClient}, with its principal and deadline. */
public final class AcidTransactions {

    private final Supplier<AcidTransactionServiceBlockingStub> stub;

    AcidTransactions(Supplier<AcidTransactionServiceBlockingStub> stub) {
        this.stub = requireNonNull(stub, "stub is null");
    }

    static AcidTransactions over(io.grpc.Channel channel, String principal, Optional<Duration> deadline) {
        AcidTransactionServiceBlockingStub base =
                CallerStubs.withPrincipal(AcidTransactionServiceGrpc.newBlockingStub(channel), principal);
        return new AcidTransactions(() -> CallerStubs.forCall(base, deadline));
    }

    public List<Long> open(OpenAcidTransactionsRequest request) {
        return call(stub -> stub.openAcidTransactions(request).getIdsList());
    }

    /**
     * The state the transaction was in (UNSPECIFIED for an id that names none), and the write-write conflict
     * it lost if it was open and is aborted instead; {@code checkConflicts} false commits without the check.
     */
    public CommitAcidTransactionResponse commit(long id, boolean checkConflicts) {
        return call(stub -> stub.commitAcidTransaction(CommitAcidTransactionRequest.newBuilder()
                .setId(id)
                .setSkipConflictCheck(!checkConflicts)
                .build()));
    }

    /** {@link #commit(long, boolean)} as asked, with a table parameter the commit also sets when it has one. */
    public CommitAcidTransactionResponse commit(CommitAcidTransactionRequest request) {
        return call(stub -> stub.commitAcidTransaction(request));
    }

    /** The highest id of a committed transaction whose updates or deletes {@code id} overlapped; 0 if none. */
    public long latestConflict(long id) {
        return call(stub -> stub.getLatestConflict(GetLatestConflictRequest.newBuilder()
                        .setTransactionId(id)
                        .build())
                .getTransactionId());
    }

    /** Takes a materialized view's rebuild lock for the transaction: whether it was free (no other holds it). */
    public boolean lockRebuild(String database, String view, long transactionId) {
        return call(stub -> stub.lockMaterializationRebuild(LockMaterializationRebuildRequest.newBuilder()
                        .setDatabase(database)
                        .setView(view)
                        .setTransactionId(transactionId)
                        .build())
                .getAcquired());
    }

    /** Keeps a view's rebuild lock alive: whether the transaction holds it. */
    public boolean heartbeatRebuild(String database, String view, long transactionId) {
        return call(stub -> stub.heartbeatMaterializationRebuild(HeartbeatMaterializationRebuildRequest.newBuilder()
                        .setDatabase(database)
                        .setView(view)
                        .setTransactionId(transactionId)
                        .build())
                .getFound());
    }

    /** What happened to a materialized view's sources since its build, for a reader with {@code snapshot}. */
    public CheckMaterializedViewSourcesResponse checkViewSources(
            List<MaterializedViewSource> sources, AcidSnapshot snapshot) {
        return call(stub -> stub.checkMaterializedViewSources(CheckMaterializedViewSourcesRequest.newBuilder()
                .addAllSources(sources)
                .setSnapshot(snapshot)
                .build()));
    }

    /** Records the partitions an open transaction wrote to {@code table} once it knew them. */
    public void recordWrites(
            long transactionId,
            long writeId,
            TableIdentifier table,
            List<String> partitions,
            AcidWriteOperation operation) {
        call(stub -> stub.recordAcidWrites(RecordAcidWritesRequest.newBuilder()
                .setTransactionId(transactionId)
                .setWriteId(writeId)
                .setTable(table)
                .addAllPartitions(partitions)
                .setOperation(operation)
                .build()));
    }

    /** Each existing one of {@code ids} as it was before (the open ones are aborted now), by id. */
    public List<AcidTransaction> abort(List<Long> ids) {
        return call(stub -> stub.abortAcidTransactions(
                        AbortAcidTransactionsRequest.newBuilder().addAllIds(ids).build())
                .getPreviousList());
    }

    public HeartbeatAcidTransactionsResponse heartbeat(long firstId, long lastId) {
        return call(stub -> stub.heartbeatAcidTransactions(HeartbeatAcidTransactionsRequest.newBuilder()
                .setFirstId(firstId)
                .setLastId(lastId)
                .build()));
    }

    public ListAcidTransactionsResponse list() {
        return call(stub -> stub.listAcidTransactions(ListAcidTransactionsRequest.getDefaultInstance()));
    }

    /** The write ids of {@code table} for each transaction, by transaction id. */
    public List<TableWriteId> allocateWriteIds(TableIdentifier table, List<Long> transactionIds, boolean reallocate) {
        return call(stub -> stub.allocateWriteIds(AllocateWriteIdsRequest.newBuilder()
                        .setTable(table)
                        .addAllTransactionIds(transactionIds)
                        .setReallocate(reallocate)
                        .build())
                .getWriteIdsList());
    }

    /** For each of {@code tables}, in order, the writes a reader with {@code snapshot} may see. */
    public List<ValidWriteIds> validWriteIds(List<TableIdentifier> tables, AcidSnapshot snapshot) {
        return call(stub -> stub.listValidWriteIds(ListValidWriteIdsRequest.newBuilder()
                        .addAllTables(tables)
                        .setSnapshot(snapshot)
                        .build())
                .getTablesList());
    }

    /**
     * For each of {@code tables}, in order, the writes the transaction given write id {@code writeId} of the
     * first table sees with {@code snapshot}: the ids up to it, and of the open and aborted those below it.
     */
    public List<ValidWriteIds> validWriteIdsAsOf(List<TableIdentifier> tables, AcidSnapshot snapshot, long writeId) {
        return call(stub -> stub.listValidWriteIds(ListValidWriteIdsRequest.newBuilder()
                        .addAllTables(tables)
                        .setSnapshot(snapshot)
                        .setAsOfWriteId(writeId)
                        .build())
                .getTablesList());
    }

    /** The highest write id {@code table} gave, 0 before the first. */
    public long lastWriteId(TableIdentifier table) {
        return call(stub -> stub.getLastWriteId(
                        GetLastWriteIdRequest.newBuilder().setTable(table).build())
                .getWriteId());
    }

    /** Enqueues a compaction, or answers the entry initiated or working on the same place that refused it. */
    public EnqueueCompactionResponse enqueueCompaction(CompactionRequest request) {
        return call(stub -> stub.enqueueCompaction(
                EnqueueCompactionRequest.newBuilder().setRequest(request).build()));
    }

    /** The entries of the compaction queue that match, in id order or the newest first. */
    public List<Compaction> listCompactions(ListCompactionsRequest request) {
        return call(stub -> stub.listCompactions(request).getCompactionsList());
    }

    /** Hive's compactor Worker takes the oldest initiated entry of its pool (empty: none to take). */
    public Optional<Compaction> takeNextCompaction(String workerId, String workerVersion, String poolName) {
        TakeNextCompactionResponse taken = call(stub -> stub.takeNextCompaction(TakeNextCompactionRequest.newBuilder()
                .setWorkerId(workerId)
                .setWorkerVersion(workerVersion)
                .setPoolName(poolName)
                .build()));
        return taken.hasCompaction() ? Optional.of(taken.getCompaction()) : Optional.empty();
    }

    /** Records what the Worker did with an entry it took. */
    public void recordCompactionWork(RecordCompactionWorkRequest request) {
        call(stub -> stub.recordCompactionWork(request));
    }

    /** Hive's Cleaner is done with an entry (an id no entry has changes nothing). */
    public void markCompactionCleaned(long id) {
        call(stub -> stub.markCompactionCleaned(
                MarkCompactionCleanedRequest.newBuilder().setId(id).build()));
    }

    /** Enqueues a request as ready for cleaning; the new entry's id. */
    public long submitCompactionForCleanup(CompactionRequest request, long highestWriteId, long txnId) {
        return call(stub -> stub.submitCompactionForCleanup(SubmitCompactionForCleanupRequest.newBuilder()
                        .setRequest(request)
                        .setHighestWriteId(highestWriteId)
                        .setTxnId(txnId)
                        .build())
                .getId());
    }

    /** Aborts the initiated entries among {@code ids}, which keep {@code reason}; each distinct id answered. */
    public List<AbortCompactionsResponse.Answer> abortCompactions(List<Long> ids, String reason) {
        return call(stub -> stub.abortCompactions(AbortCompactionsRequest.newBuilder()
                        .addAllIds(ids)
                        .setReason(reason)
                        .build())
                .getAnswersList());
    }

    /** Records a compaction metric against its threshold; whether the store changed as asked. */
    public boolean updateCompactionMetric(CompactionMetricPlace place, int value, int threshold) {
        return call(stub -> stub.updateCompactionMetric(UpdateCompactionMetricRequest.newBuilder()
                        .setPlace(place)
                        .setValue(value)
                        .setThreshold(threshold)
                        .build())
                .getUpdated());
    }

    /** Removes a compaction metric (of no partition: of the table and each of its partitions). */
    public void removeCompactionMetric(CompactionMetricPlace place) {
        call(stub -> stub.removeCompactionMetric(
                RemoveCompactionMetricRequest.newBuilder().setPlace(place).build()));
    }

    private <T> T call(Function<AcidTransactionServiceBlockingStub, T> rpc) {
        try {
            return rpc.apply(stub.get());
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }

    /** Replication's seed: {@code table}'s next write id becomes {@code seedWriteId + 1}, if it has none yet. */
    public void seedWriteIds(TableIdentifier table, long seedWriteId) {
        call(stub -> stub.seedWriteIds(SeedWriteIdsRequest.newBuilder()
                .setTable(table)
                .setSeedWriteId(seedWriteId)
                .build()));
    }

    /** Replication's seed: the next transaction opened gets {@code seed}, which must be above every id given. */
    public void seedTransactionIds(long seed) {
        call(stub -> stub.seedTransactionIds(
                SeedTransactionIdsRequest.newBuilder().setSeed(seed).build()));
    }

    /**
     * Replication's write-id state of {@code table}, applied unless it numbers its writes already: its last
     * write id becomes {@code highWaterMark}, each aborted write id is given to a new aborted transaction.
     */
    public ReplicateWriteIdStateResponse replicateWriteIdState(
            TableIdentifier table, long highWaterMark, List<Long> abortedWriteIds, String user, String host) {
        return call(stub -> stub.replicateWriteIdState(ReplicateWriteIdStateRequest.newBuilder()
                .setTable(table)
                .setHighWaterMark(highWaterMark)
                .addAllAbortedWriteIds(abortedWriteIds)
                .setUser(user)
                .setHost(host)
                .build()));
    }

    /** What {@code view} counts of its sources' writes from now on (its creation metadata was written). */
    public void setViewSourceCounts(TableIdentifier view, List<MaterializedViewSourceCount> counts) {
        call(stub -> stub.setMaterializedViewSourceCounts(SetMaterializedViewSourceCountsRequest.newBuilder()
                .setView(view)
                .addAllCounts(counts)
                .build()));
    }

    /** Adds one transaction's writes to a source to what every view that uses it counts: how many views. */
    public int addToViewSourceCounts(MaterializedViewSourceCount written) {
        return call(stub -> stub.addToMaterializedViewSourceCounts(AddToMaterializedViewSourceCountsRequest.newBuilder()
                        .setWritten(written)
                        .build())
                .getViews());
    }

    /** What {@code view} counts of its sources' writes, by source id. */
    public List<MaterializedViewSourceCount> viewSourceCounts(TableIdentifier view) {
        return call(stub -> stub.getMaterializedViewSourceCounts(GetMaterializedViewSourceCountsRequest.newBuilder()
                        .setView(view)
                        .build())
                .getCountsList());
    }
}

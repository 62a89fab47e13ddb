package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.AcidWriteMapper;
import dev.lakegate.catalog.server.grpc.mapping.CompactionMapper;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.grpc.mapping.ValueMapper;
import dev.lakegate.catalog.server.model.AcidCommit;
import dev.lakegate.catalog.server.model.AcidHeartbeats;
import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.AcidTransactionList;
import dev.lakegate.catalog.server.model.CompactionEnqueued;
import dev.lakegate.catalog.server.model.MaterializedViewSource;
import dev.lakegate.catalog.server.model.MaterializedViewSourceChanges;
import dev.lakegate.catalog.server.service.AcidTransactionOperations;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.CompactionQueueOperations;
import dev.lakegate.catalog.v1.AbortAcidTransactionsRequest;
import dev.lakegate.catalog.v1.AbortAcidTransactionsResponse;
import dev.lakegate.catalog.v1.AbortCompactionsRequest;
import dev.lakegate.catalog.v1.AbortCompactionsResponse;
import dev.lakegate.catalog.v1.AcidTransaction;
import dev.lakegate.catalog.v1.AcidTransactionServiceGrpc;
import dev.lakegate.catalog.v1.AcidTransactionState;
import dev.lakegate.catalog.v1.AddToMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.AddToMaterializedViewSourceCountsResponse;
import dev.lakegate.catalog.v1.AllocateWriteIdsRequest;
import dev.lakegate.catalog.v1.AllocateWriteIdsResponse;
import dev.lakegate.catalog.v1.CheckMaterializedViewSourcesRequest;
import dev.lakegate.catalog.v1.CheckMaterializedViewSourcesResponse;
import dev.lakegate.catalog.v1.CommitAcidTransactionRequest;
import dev.lakegate.catalog.v1.CommitAcidTransactionResponse;
import dev.lakegate.catalog.v1.CompactionState;
import dev.lakegate.catalog.v1.EnqueueCompactionRequest;
import dev.lakegate.catalog.v1.EnqueueCompactionResponse;
import dev.lakegate.catalog.v1.GetLastWriteIdRequest;
import dev.lakegate.catalog.v1.GetLastWriteIdResponse;
import dev.lakegate.catalog.v1.GetLatestConflictRequest;
import dev.lakegate.catalog.v1.GetLatestConflictResponse;
import dev.lakegate.catalog.v1.GetMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.GetMaterializedViewSourceCountsResponse;
import dev.lakegate.catalog.v1.HeartbeatAcidTransactionsRequest;
import dev.lakegate.catalog.v1.HeartbeatAcidTransactionsResponse;
import dev.lakegate.catalog.v1.HeartbeatMaterializationRebuildRequest;
import dev.lakegate.catalog.v1.HeartbeatMaterializationRebuildResponse;
import dev.lakegate.catalog.v1.ListAcidTransactionsRequest;
import dev.lakegate.catalog.v1.ListAcidTransactionsResponse;
import dev.lakegate.catalog.v1.ListCompactionsRequest;
import dev.lakegate.catalog.v1.ListCompactionsResponse;
import dev.lakegate.catalog.v1.ListValidWriteIdsRequest;
import dev.lakegate.catalog.v1.ListValidWriteIdsResponse;
import dev.lakegate.catalog.v1.LockMaterializationRebuildRequest;
import dev.lakegate.catalog.v1.LockMaterializationRebuildResponse;
import dev.lakegate.catalog.v1.MarkCompactionCleanedRequest;
import dev.lakegate.catalog.v1.MarkCompactionCleanedResponse;
import dev.lakegate.catalog.v1.OpenAcidTransactionsRequest;
import dev.lakegate.catalog.v1.OpenAcidTransactionsResponse;
import dev.lakegate.catalog.v1.RecordAcidWritesRequest;
import dev.lakegate.catalog.v1.RecordAcidWritesResponse;
import dev.lakegate.catalog.v1.RecordCompactionWorkRequest;
import dev.lakegate.catalog.v1.RecordCompactionWorkResponse;
import dev.lakegate.catalog.v1.RemoveCompactionMetricRequest;
import dev.lakegate.catalog.v1.RemoveCompactionMetricResponse;
import dev.lakegate.catalog.v1.ReplicateWriteIdStateRequest;
import dev.lakegate.catalog.v1.ReplicateWriteIdStateResponse;
import dev.lakegate.catalog.v1.SeedTransactionIdsRequest;
import dev.lakegate.catalog.v1.SeedTransactionIdsResponse;
import dev.lakegate.catalog.v1.SeedWriteIdsRequest;
import dev.lakegate.catalog.v1.SeedWriteIdsResponse;
import dev.lakegate.catalog.v1.SetMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.SetMaterializedViewSourceCountsResponse;
import dev.lakegate.catalog.v1.SubmitCompactionForCleanupRequest;
import dev.lakegate.catalog.v1.SubmitCompactionForCleanupResponse;
import dev.lakegate.catalog.v1.TableWriteId;
import dev.lakegate.catalog.v1.TakeNextCompactionRequest;
import dev.lakegate.catalog.v1.TakeNextCompactionResponse;
import dev.lakegate.catalog.v1.UpdateCompactionMetricRequest;
import dev.lakegate.catalog.v1.UpdateCompactionMetricResponse;
import dev.lakegate.catalog.v1.ValidWriteIds;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;

/** The gRPC door to Hive's ACID transactions; every failure becomes a status through {@link ErrorMapper}. */
final class GrpcAcidTransactionService extends AcidTransactionServiceGrpc.AcidTransactionServiceImplBase {

    private final Catalog catalog;

    GrpcAcidTransactionService(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    @Override
    public void openAcidTransactions(
            OpenAcidTransactionsRequest request, StreamObserver<OpenAcidTransactionsResponse> response) {
        UnaryCall.run(
                response,
                () -> OpenAcidTransactionsResponse.newBuilder()
                        .addAllIds(transactions()
                                .open(
                                        request.getCount(),
                                        request.getType(),
                                        request.getUser(),
                                        request.getHost(),
                                        request.getAgentInfo(),
                                        Duration.ofMillis(request.getTtlMs())))
                        .build());
    }

    @Override
    public void commitAcidTransaction(
            CommitAcidTransactionRequest request, StreamObserver<CommitAcidTransactionResponse> response) {
        UnaryCall.run(response, () -> {
            AcidCommit commit = transactions().commit(request.getId(), !request.getSkipConflictCheck());
            CommitAcidTransactionResponse.Builder answer = CommitAcidTransactionResponse.newBuilder()
                    .setPreviousState(commit.previousState()
                            .map(GrpcAcidTransactionService::toProto)
                            .orElse(AcidTransactionState.ACID_TRANSACTION_STATE_UNSPECIFIED));
            commit.conflict().ifPresent(conflict -> answer.setConflict(AcidWriteMapper.toProto(conflict)));
            return answer.build();
        });
    }

    @Override
    public void abortAcidTransactions(
            AbortAcidTransactionsRequest request, StreamObserver<AbortAcidTransactionsResponse> response) {
        UnaryCall.run(
                response,
                () -> AbortAcidTransactionsResponse.newBuilder()
                        .addAllPrevious(transactions().abort(request.getIdsList()).stream()
                                .map(GrpcAcidTransactionService::toProto)
                                .toList())
                        .build());
    }

    @Override
    public void heartbeatAcidTransactions(
            HeartbeatAcidTransactionsRequest request, StreamObserver<HeartbeatAcidTransactionsResponse> response) {
        UnaryCall.run(response, () -> {
            AcidHeartbeats heartbeats = transactions().heartbeat(request.getFirstId(), request.getLastId());
            return HeartbeatAcidTransactionsResponse.newBuilder()
                    .addAllAborted(heartbeats.aborted())
                    .addAllCommitted(heartbeats.committed())
                    .addAllNotFound(heartbeats.notFound())
                    .build();
        });
    }

    @Override
    public void listAcidTransactions(
            ListAcidTransactionsRequest request, StreamObserver<ListAcidTransactionsResponse> response) {
        UnaryCall.run(response, () -> {
            AcidTransactionList list = transactions().list();
            return ListAcidTransactionsResponse.newBuilder()
                    .setHighWaterMark(list.highWaterMark())
                    .addAllTransactions(list.transactions().stream()
                            .map(GrpcAcidTransactionService::toProto)
                            .toList())
                    .build();
        });
    }

    @Override
    public void allocateWriteIds(AllocateWriteIdsRequest request, StreamObserver<AllocateWriteIdsResponse> response) {
        UnaryCall.run(
                response,
                () -> AllocateWriteIdsResponse.newBuilder()
                        .addAllWriteIds(catalog
                                .acidWriteIds()
                                .allocate(
                                        TableMapper.toDomain(request.getTable()),
                                        request.getTransactionIdsList(),
                                        request.getReallocate())
                                .stream()
                                .map(id -> TableWriteId.newBuilder()
                                        .setTransactionId(id.transactionId())
                                        .setWriteId(id.writeId())
                                        .build())
                                .toList())
                        .build());
    }

    @Override
    public void listValidWriteIds(
            ListValidWriteIdsRequest request, StreamObserver<ListValidWriteIdsResponse> response) {
        UnaryCall.run(response, () -> {
            AcidSnapshot seen = toDomain(request.getSnapshot());
            var tables =
                    request.getTablesList().stream().map(TableMapper::toDomain).toList();
            var valid = request.getAsOfWriteId() > 0 && !tables.isEmpty()
                    ? catalog.acidWriteIds().validWriteIdsAsOf(tables, seen, request.getAsOfWriteId())
                    : catalog.acidWriteIds().validWriteIds(tables, seen);
            return ListValidWriteIdsResponse.newBuilder()
                    .addAllTables(valid.stream()
                            .map(GrpcAcidTransactionService::toProto)
                            .toList())
                    .build();
        });
    }

    @Override
    public void getLastWriteId(GetLastWriteIdRequest request, StreamObserver<GetLastWriteIdResponse> response) {
        UnaryCall.run(
                response,
                () -> GetLastWriteIdResponse.newBuilder()
                        .setWriteId(catalog.acidWriteIds().lastWriteId(TableMapper.toDomain(request.getTable())))
                        .build());
    }

    @Override
    public void recordAcidWrites(RecordAcidWritesRequest request, StreamObserver<RecordAcidWritesResponse> response) {
        UnaryCall.run(response, () -> {
            transactions()
                    .recordWrites(
                            request.getTransactionId(),
                            request.getWriteId(),
                            TableMapper.toDomain(request.getTable()),
                            request.getPartitionsList(),
                            AcidWriteMapper.toDomain(request.getOperation()));
            return RecordAcidWritesResponse.getDefaultInstance();
        });
    }

    @Override
    public void getLatestConflict(
            GetLatestConflictRequest request, StreamObserver<GetLatestConflictResponse> response) {
        UnaryCall.run(
                response,
                () -> GetLatestConflictResponse.newBuilder()
                        .setTransactionId(transactions().latestConflict(request.getTransactionId()))
                        .build());
    }

    @Override
    public void enqueueCompaction(
            EnqueueCompactionRequest request, StreamObserver<EnqueueCompactionResponse> response) {
        UnaryCall.run(response, () -> {
            CompactionEnqueued enqueued =
                    catalog.compactionQueue().enqueue(CompactionMapper.toDomain(request.getRequest()));
            EnqueueCompactionResponse.Builder answer =
                    EnqueueCompactionResponse.newBuilder().setId(enqueued.id()).setAccepted(enqueued.accepted());
            enqueued.refusedBy().ifPresent(existing -> answer.setRefusedBy(CompactionMapper.toProto(existing)));
            return answer.build();
        });
    }

    @Override
    public void listCompactions(ListCompactionsRequest request, StreamObserver<ListCompactionsResponse> response) {
        UnaryCall.run(
                response,
                () -> ListCompactionsResponse.newBuilder()
                        .addAllCompactions(catalog.compactionQueue().list(CompactionMapper.toDomain(request)).stream()
                                .map(CompactionMapper::toProto)
                                .toList())
                        .build());
    }

    @Override
    public void takeNextCompaction(
            TakeNextCompactionRequest request, StreamObserver<TakeNextCompactionResponse> response) {
        UnaryCall.run(response, () -> {
            TakeNextCompactionResponse.Builder answer = TakeNextCompactionResponse.newBuilder();
            catalog.compactionQueue()
                    .takeNext(request.getWorkerId(), request.getWorkerVersion(), request.getPoolName())
                    .ifPresent(taken -> answer.setCompaction(CompactionMapper.toProto(taken)));
            return answer.build();
        });
    }

    @Override
    public void recordCompactionWork(
            RecordCompactionWorkRequest request, StreamObserver<RecordCompactionWorkResponse> response) {
        UnaryCall.run(response, () -> {
            CompactionWorkRecorder.record(catalog.compactionQueue(), request);
            return RecordCompactionWorkResponse.getDefaultInstance();
        });
    }

    @Override
    public void markCompactionCleaned(
            MarkCompactionCleanedRequest request, StreamObserver<MarkCompactionCleanedResponse> response) {
        UnaryCall.run(response, () -> {
            catalog.compactionQueue().markCleaned(request.getId());
            return MarkCompactionCleanedResponse.getDefaultInstance();
        });
    }

    @Override
    public void submitCompactionForCleanup(
            SubmitCompactionForCleanupRequest request, StreamObserver<SubmitCompactionForCleanupResponse> response) {
        UnaryCall.run(
                response,
                () -> SubmitCompactionForCleanupResponse.newBuilder()
                        .setId(catalog.compactionQueue()
                                .submitForCleanup(
                                        CompactionMapper.toDomain(request.getRequest()),
                                        request.getHighestWriteId(),
                                        request.getTxnId()))
                        .build());
    }

    @Override
    public void abortCompactions(AbortCompactionsRequest request, StreamObserver<AbortCompactionsResponse> response) {
        UnaryCall.run(response, () -> {
            AbortCompactionsResponse.Builder answer = AbortCompactionsResponse.newBuilder();
            for (CompactionQueueOperations.Aborted aborted :
                    catalog.compactionQueue().abort(request.getIdsList(), request.getReason())) {
                answer.addAnswers(AbortCompactionsResponse.Answer.newBuilder()
                        .setId(aborted.id())
                        .setState(aborted.before()
                                .map(CompactionMapper::toProto)
                                .orElse(CompactionState.COMPACTION_STATE_UNSPECIFIED))
                        .setAborted(aborted.aborted()));
            }
            return answer.build();
        });
    }

    @Override
    public void updateCompactionMetric(
            UpdateCompactionMetricRequest request, StreamObserver<UpdateCompactionMetricResponse> response) {
        UnaryCall.run(
                response,
                () -> UpdateCompactionMetricResponse.newBuilder()
                        .setUpdated(catalog.compactionQueue()
                                .updateMetric(
                                        CompactionMapper.toDomain(request.getPlace()),
                                        request.getValue(),
                                        request.getThreshold()))
                        .build());
    }

    @Override
    public void removeCompactionMetric(
            RemoveCompactionMetricRequest request, StreamObserver<RemoveCompactionMetricResponse> response) {
        UnaryCall.run(response, () -> {
            catalog.compactionQueue().removeMetric(CompactionMapper.toDomain(request.getPlace()));
            return RemoveCompactionMetricResponse.getDefaultInstance();
        });
    }

    private static ValidWriteIds toProto(dev.lakegate.catalog.server.model.ValidWriteIds valid) {
        return ValidWriteIds.newBuilder()
                .setTable(TableMapper.toProto(valid.table()))
                .setHighWaterMark(valid.highWaterMark())
                .addAllInvalidWriteIds(valid.invalid())
                .addAllAbortedWriteIds(valid.invalid().stream()
                        .filter(valid.aborted()::contains)
                        .toList())
                .setMinOpenWriteId(valid.minOpenWriteId().orElse(0))
                .build();
    }

    /** Asked per call: a catalog made for tests may serve no transactions, and then only these calls fail. */
    private AcidTransactionOperations transactions() {
        return catalog.acidTransactions();
    }

    private static AcidTransaction toProto(dev.lakegate.catalog.server.model.AcidTransaction transaction) {
        return AcidTransaction.newBuilder()
                .setId(transaction.id())
                .setState(toProto(transaction.state()))
                .setType(transaction.type())
                .setUser(transaction.user())
                .setHost(transaction.host())
                .setAgentInfo(transaction.agentInfo())
                .setStartTime(ValueMapper.toProto(transaction.startTime()))
                .setLastHeartbeatTime(ValueMapper.toProto(transaction.lastHeartbeatTime()))
                .build();
    }

    static AcidTransactionState toProto(dev.lakegate.catalog.server.model.AcidTransaction.State state) {
        return switch (state) {
            case OPEN -> AcidTransactionState.ACID_TRANSACTION_OPEN;
            case ABORTED -> AcidTransactionState.ACID_TRANSACTION_ABORTED;
            case COMMITTED -> AcidTransactionState.ACID_TRANSACTION_COMMITTED;
        };
    }

    @Override
    public void lockMaterializationRebuild(
            LockMaterializationRebuildRequest request, StreamObserver<LockMaterializationRebuildResponse> response) {
        UnaryCall.run(
                response,
                () -> LockMaterializationRebuildResponse.newBuilder()
                        .setAcquired(catalog.materializedViews()
                                .lockRebuild(request.getDatabase(), request.getView(), request.getTransactionId()))
                        .build());
    }

    @Override
    public void heartbeatMaterializationRebuild(
            HeartbeatMaterializationRebuildRequest request,
            StreamObserver<HeartbeatMaterializationRebuildResponse> response) {
        UnaryCall.run(
                response,
                () -> HeartbeatMaterializationRebuildResponse.newBuilder()
                        .setFound(catalog.materializedViews()
                                .heartbeatRebuild(request.getDatabase(), request.getView(), request.getTransactionId()))
                        .build());
    }

    @Override
    public void checkMaterializedViewSources(
            CheckMaterializedViewSourcesRequest request,
            StreamObserver<CheckMaterializedViewSourcesResponse> response) {
        UnaryCall.run(response, () -> {
            List<MaterializedViewSource> sources = request.getSourcesList().stream()
                    .map(source -> new MaterializedViewSource(
                            TableMapper.toDomain(source.getTable()),
                            source.getHighWaterMark(),
                            new HashSet<>(source.getUnseenWriteIdsList())))
                    .toList();
            MaterializedViewSourceChanges changes =
                    catalog.materializedViews().sourceChanges(sources, toDomain(request.getSnapshot()));
            return CheckMaterializedViewSourcesResponse.newBuilder()
                    .setUpdatedOrDeleted(changes.updatedOrDeleted())
                    .setCompacted(changes.compacted())
                    .build();
        });
    }

    private static AcidSnapshot toDomain(dev.lakegate.catalog.v1.AcidSnapshot snapshot) {
        return new AcidSnapshot(
                snapshot.getHighWaterMark(),
                new HashSet<>(snapshot.getOpenIdsList()),
                new HashSet<>(snapshot.getAbortedIdsList()));
    }

    @Override
    public void seedWriteIds(SeedWriteIdsRequest request, StreamObserver<SeedWriteIdsResponse> response) {
        UnaryCall.run(response, () -> {
            catalog.acidWriteIds().seed(TableMapper.toDomain(request.getTable()), request.getSeedWriteId());
            return SeedWriteIdsResponse.getDefaultInstance();
        });
    }

    @Override
    public void seedTransactionIds(
            SeedTransactionIdsRequest request, StreamObserver<SeedTransactionIdsResponse> response) {
        UnaryCall.run(response, () -> {
            transactions().seedIds(request.getSeed());
            return SeedTransactionIdsResponse.getDefaultInstance();
        });
    }

    @Override
    public void replicateWriteIdState(
            ReplicateWriteIdStateRequest request, StreamObserver<ReplicateWriteIdStateResponse> response) {
        UnaryCall.run(response, () -> {
            ReplicateWriteIdStateResponse.Builder answer = ReplicateWriteIdStateResponse.newBuilder();
            catalog.acidWriteIds()
                    .replicate(
                            TableMapper.toDomain(request.getTable()),
                            request.getHighWaterMark(),
                            request.getAbortedWriteIdsList(),
                            request.getUser(),
                            request.getHost())
                    .ifPresent(aborted -> answer.setApplied(true)
                            .addAllAborted(aborted.stream()
                                    .map(id -> TableWriteId.newBuilder()
                                            .setTransactionId(id.transactionId())
                                            .setWriteId(id.writeId())
                                            .build())
                                    .toList()));
            return answer.build();
        });
    }

    @Override
    public void setMaterializedViewSourceCounts(
            SetMaterializedViewSourceCountsRequest request,
            StreamObserver<SetMaterializedViewSourceCountsResponse> response) {
        UnaryCall.run(response, () -> MaterializedViewCounts.set(catalog.materializedViews(), request));
    }

    @Override
    public void addToMaterializedViewSourceCounts(
            AddToMaterializedViewSourceCountsRequest request,
            StreamObserver<AddToMaterializedViewSourceCountsResponse> response) {
        UnaryCall.run(response, () -> MaterializedViewCounts.add(catalog.materializedViews(), request));
    }

    @Override
    public void getMaterializedViewSourceCounts(
            GetMaterializedViewSourceCountsRequest request,
            StreamObserver<GetMaterializedViewSourceCountsResponse> response) {
        UnaryCall.run(response, () -> MaterializedViewCounts.get(catalog.materializedViews(), request));
    }
}

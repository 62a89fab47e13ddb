package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.ReplicatedEnd;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.ReplicatedTransactions;
import dev.lakegate.catalog.v1.AcidReplicationServiceGrpc;
import dev.lakegate.catalog.v1.AcidTransactionState;
import dev.lakegate.catalog.v1.AllocateReplicatedWriteIdsRequest;
import dev.lakegate.catalog.v1.AllocateWriteIdsResponse;
import dev.lakegate.catalog.v1.EndReplicatedTransactionRequest;
import dev.lakegate.catalog.v1.EndReplicatedTransactionResponse;
import dev.lakegate.catalog.v1.OpenReplicatedTransactionsRequest;
import dev.lakegate.catalog.v1.OpenReplicatedTransactionsResponse;
import dev.lakegate.catalog.v1.TableWriteId;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.Optional;

/**
 * The gRPC door to replication's replay of a source's Hive transactions, apart from {@link
 * GrpcAcidTransactionService} so that neither grows past a screenful of concerns; failures become a status
 * through {@link ErrorMapper}.
 */
final class GrpcAcidReplicationService extends AcidReplicationServiceGrpc.AcidReplicationServiceImplBase {

    private final Catalog catalog;

    GrpcAcidReplicationService(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    private ReplicatedTransactions replication() {
        return catalog.replicatedTransactions();
    }

    @Override
    public void openReplicatedTransactions(
            OpenReplicatedTransactionsRequest request, StreamObserver<OpenReplicatedTransactionsResponse> response) {
        UnaryCall.run(
                response,
                () -> OpenReplicatedTransactionsResponse.newBuilder()
                        .addAllIds(replication()
                                .open(
                                        request.getReplPolicy(),
                                        request.getSourceIdsList(),
                                        request.getCount(),
                                        request.getUser(),
                                        request.getHost(),
                                        request.getAgentInfo(),
                                        Duration.ofMillis(request.getTtlMs())))
                        .build());
    }

    @Override
    public void endReplicatedTransaction(
            EndReplicatedTransactionRequest request, StreamObserver<EndReplicatedTransactionResponse> response) {
        UnaryCall.run(response, () -> {
            ReplicatedEnd ended = request.getCommit()
                    ? replication()
                            .commit(
                                    request.getReplPolicy(),
                                    request.getSourceId(),
                                    request.hasReplLastId()
                                            ? Optional.of(AcidCommits.replLastId(request.getReplLastId()))
                                            : Optional.empty(),
                                    request.hasKeyValue()
                                            ? Optional.of(AcidCommits.keyValue(request.getKeyValue()))
                                            : Optional.empty())
                    : replication().abort(request.getReplPolicy(), request.getSourceId());
            EndReplicatedTransactionResponse.Builder answer = EndReplicatedTransactionResponse.newBuilder()
                    .setMapped(ended.target().isPresent())
                    .setPreviousState(ended.previousState()
                            .map(GrpcAcidTransactionService::toProto)
                            .orElse(AcidTransactionState.ACID_TRANSACTION_STATE_UNSPECIFIED));
            ended.target().ifPresent(answer::setTargetId);
            return answer.build();
        });
    }

    @Override
    public void allocateReplicatedWriteIds(
            AllocateReplicatedWriteIdsRequest request, StreamObserver<AllocateWriteIdsResponse> response) {
        UnaryCall.run(
                response,
                () -> AllocateWriteIdsResponse.newBuilder()
                        .addAllWriteIds(replication()
                                .allocateWriteIds(
                                        request.getReplPolicy(),
                                        TableMapper.toDomain(request.getTable()),
                                        request.getSourceWriteIdsList().stream()
                                                .map(id -> new dev.lakegate.catalog.server.model.TableWriteId(
                                                        id.getTransactionId(), id.getWriteId()))
                                                .toList())
                                .stream()
                                .map(id -> TableWriteId.newBuilder()
                                        .setTransactionId(id.transactionId())
                                        .setWriteId(id.writeId())
                                        .build())
                                .toList())
                        .build());
    }
}

package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AcidReplicationServiceGrpc;
import dev.lakegate.catalog.v1.AcidReplicationServiceGrpc.AcidReplicationServiceBlockingStub;
import dev.lakegate.catalog.v1.AllocateReplicatedWriteIdsRequest;
import dev.lakegate.catalog.v1.EndReplicatedTransactionRequest;
import dev.lakegate.catalog.v1.EndReplicatedTransactionResponse;
import dev.lakegate.catalog.v1.OpenReplicatedTransactionsRequest;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableWriteId;
import io.grpc.Channel;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Replication's replay of a source's Hive transactions through a {@link CatalogClient}, with its principal and
 * deadline: opened for the source's ids under a policy, then ended and given write ids by those ids.
 */
public final class AcidReplication {

    private final Supplier<AcidReplicationServiceBlockingStub> stub;

    AcidReplication(Supplier<AcidReplicationServiceBlockingStub> stub) {
        this.stub = requireNonNull(stub, "stub is null");
    }

    static AcidReplication over(Channel channel, String principal, Optional<Duration> deadline) {
        AcidReplicationServiceBlockingStub base =
                CallerStubs.withPrincipal(AcidReplicationServiceGrpc.newBlockingStub(channel), principal);
        return new AcidReplication(() -> CallerStubs.forCall(base, deadline));
    }

    /** The targets, in order: opened now, or those the policy maps the source ids to already. */
    public List<Long> open(OpenReplicatedTransactionsRequest request) {
        return call(stub -> stub.openReplicatedTransactions(request).getIdsList());
    }

    /** Commits ({@code commit}) or aborts the transaction that replays {@code sourceId}. */
    public EndReplicatedTransactionResponse end(String policy, long sourceId, boolean commit) {
        return end(EndReplicatedTransactionRequest.newBuilder()
                .setReplPolicy(policy)
                .setSourceId(sourceId)
                .setCommit(commit)
                .build());
    }

    /** Commits or aborts the transaction that replays the request's source id. */
    public EndReplicatedTransactionResponse end(EndReplicatedTransactionRequest request) {
        return call(stub -> stub.endReplicatedTransaction(request));
    }

    /** Write ids of {@code table} for the targets of the source transactions, by target id; none if unmapped. */
    public List<TableWriteId> allocateWriteIds(String policy, TableIdentifier table, List<TableWriteId> sourceIds) {
        return call(stub -> stub.allocateReplicatedWriteIds(AllocateReplicatedWriteIdsRequest.newBuilder()
                        .setReplPolicy(policy)
                        .setTable(table)
                        .addAllSourceWriteIds(sourceIds)
                        .build())
                .getWriteIdsList());
    }

    private <T> T call(Function<AcidReplicationServiceBlockingStub, T> rpc) {
        try {
            return rpc.apply(stub.get());
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }
}

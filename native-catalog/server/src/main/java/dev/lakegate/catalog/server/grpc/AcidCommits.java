package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.grpc.mapping.AcidWriteMapper;
import dev.lakegate.catalog.server.model.AcidCommit;
import dev.lakegate.catalog.server.model.AcidCommitKeyValue;
import dev.lakegate.catalog.server.service.AcidTransactionOperations;
import dev.lakegate.catalog.v1.AcidTransactionState;
import dev.lakegate.catalog.v1.CommitAcidTransactionRequest;
import dev.lakegate.catalog.v1.CommitAcidTransactionResponse;
import java.util.Optional;

/** One CommitAcidTransaction request onto the transactions: the commit, with the table parameter it sets. */
final class AcidCommits {

    private AcidCommits() {}

    static CommitAcidTransactionResponse commit(
            AcidTransactionOperations transactions, CommitAcidTransactionRequest request) {
        Optional<AcidCommitKeyValue> keyValue = request.hasKeyValue()
                ? Optional.of(new AcidCommitKeyValue(
                        request.getKeyValue().getTableId(),
                        request.getKeyValue().getKey(),
                        request.getKeyValue().getValue()))
                : Optional.empty();
        AcidCommit commit = transactions.commit(request.getId(), !request.getSkipConflictCheck(), keyValue);
        CommitAcidTransactionResponse.Builder answer = CommitAcidTransactionResponse.newBuilder()
                .setPreviousState(commit.previousState()
                        .map(GrpcAcidTransactionService::toProto)
                        .orElse(AcidTransactionState.ACID_TRANSACTION_STATE_UNSPECIFIED));
        commit.conflict().ifPresent(conflict -> answer.setConflict(AcidWriteMapper.toProto(conflict)));
        return answer.build();
    }
}

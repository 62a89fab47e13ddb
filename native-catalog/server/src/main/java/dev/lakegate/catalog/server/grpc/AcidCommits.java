package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.grpc.mapping.AcidWriteMapper;
import dev.lakegate.catalog.server.model.AcidCommit;
import dev.lakegate.catalog.server.model.AcidCommitKeyValue;
import dev.lakegate.catalog.server.model.AcidCommitReplLastId;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.service.AcidTransactionOperations;
import dev.lakegate.catalog.v1.AcidTransactionState;
import dev.lakegate.catalog.v1.CommitAcidTransactionRequest;
import dev.lakegate.catalog.v1.CommitAcidTransactionResponse;
import dev.lakegate.catalog.v1.PartitionValues;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** One CommitAcidTransaction request onto the transactions: the commit, with the table parameter it sets. */
final class AcidCommits {

    private AcidCommits() {}

    static CommitAcidTransactionResponse commit(
            AcidTransactionOperations transactions, CommitAcidTransactionRequest request) {
        Optional<AcidCommitKeyValue> keyValue =
                request.hasKeyValue() ? Optional.of(keyValue(request.getKeyValue())) : Optional.empty();
        Optional<AcidCommitReplLastId> replLastId =
                request.hasReplLastId() ? Optional.of(replLastId(request.getReplLastId())) : Optional.empty();
        AcidCommit commit = transactions.commit(request.getId(), !request.getSkipConflictCheck(), keyValue, replLastId);
        CommitAcidTransactionResponse.Builder answer = CommitAcidTransactionResponse.newBuilder()
                .setPreviousState(commit.previousState()
                        .map(GrpcAcidTransactionService::toProto)
                        .orElse(AcidTransactionState.ACID_TRANSACTION_STATE_UNSPECIFIED));
        commit.conflict().ifPresent(conflict -> answer.setConflict(AcidWriteMapper.toProto(conflict)));
        return answer.build();
    }

    static AcidCommitKeyValue keyValue(dev.lakegate.catalog.v1.AcidCommitKeyValue keyValue) {
        return new AcidCommitKeyValue(keyValue.getTableId(), keyValue.getKey(), keyValue.getValue());
    }

    /** Names trimmed and lower-cased, the catalog the default one when not given, as HMS normalizes them. */
    static AcidCommitReplLastId replLastId(dev.lakegate.catalog.v1.AcidCommitReplLastId info) {
        return new AcidCommitReplLastId(
                info.getCatalog().isEmpty() ? NamedCatalog.DEFAULT : normalized(info.getCatalog()),
                normalized(info.getDatabase()),
                info.getLastReplId(),
                info.hasTable() ? Optional.of(normalized(info.getTable())) : Optional.empty(),
                info.getPartitionsList().stream()
                        .map(PartitionValues::getValuesList)
                        .map(values -> (List<String>) values)
                        .toList());
    }

    /** HMS's StringUtils.normalizeIdentifier. */
    private static String normalized(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}

package dev.lakegate.hms.handler.transactions;

import dev.lakegate.catalog.v1.AcidSnapshot;
import dev.lakegate.catalog.v1.AcidTransaction;
import dev.lakegate.catalog.v1.AcidTransactionState;
import dev.lakegate.catalog.v1.ListAcidTransactionsResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.GetOpenTxnsInfoResponse;
import org.apache.hadoop.hive.metastore.api.GetOpenTxnsResponse;
import org.apache.hadoop.hive.metastore.api.TxnInfo;
import org.apache.hadoop.hive.metastore.api.TxnState;

/**
 * The catalog's open and aborted transactions as HMS lists them: ids in order with a bit per id that is set
 * for an aborted one, the lowest open id, and the highest id given (every id up to it not listed is
 * committed, so a reader can build its valid-transaction list from this alone).
 */
public final class OpenTransactions {

    private static final String READ_ONLY = "READ_ONLY";

    private final ListAcidTransactionsResponse list;

    private OpenTransactions(ListAcidTransactionsResponse list) {
        this.list = list;
    }

    public static OpenTransactions of(ListAcidTransactionsResponse list) {
        return new OpenTransactions(list);
    }

    /** {@code get_open_txns}: without the transactions of the {@code excludedTypes}. */
    public GetOpenTxnsResponse response(Set<String> excludedTypes) {
        List<Long> ids = new ArrayList<>();
        BitSet aborted = new BitSet();
        long minOpen = Long.MAX_VALUE;
        for (AcidTransaction transaction : list.getTransactionsList()) {
            if (excludedTypes.contains(transaction.getType())) {
                continue;
            }
            if (transaction.getState() == AcidTransactionState.ACID_TRANSACTION_ABORTED) {
                aborted.set(ids.size());
            } else {
                minOpen = Math.min(minOpen, transaction.getId());
            }
            ids.add(transaction.getId());
        }
        GetOpenTxnsResponse response =
                new GetOpenTxnsResponse(list.getHighWaterMark(), ids, ByteBuffer.wrap(aborted.toByteArray()));
        if (minOpen != Long.MAX_VALUE) {
            response.setMin_open_txn(minOpen);
        }
        return response;
    }

    /**
     * The snapshot a reader outside any transaction has now, as HMS 4 makes it for {@code get_valid_write_ids}
     * without a list: read-only transactions write nothing, so they are left out.
     */
    public AcidSnapshot snapshot() {
        AcidSnapshot.Builder snapshot = AcidSnapshot.newBuilder().setHighWaterMark(list.getHighWaterMark());
        for (AcidTransaction transaction : list.getTransactionsList()) {
            if (transaction.getType().equals(READ_ONLY)) {
                continue;
            }
            if (transaction.getState() == AcidTransactionState.ACID_TRANSACTION_ABORTED) {
                snapshot.addAbortedIds(transaction.getId());
            } else {
                snapshot.addOpenIds(transaction.getId());
            }
        }
        return snapshot.build();
    }

    /** {@code get_open_txns_info}: every open and aborted transaction, with who opened it and when. */
    public GetOpenTxnsInfoResponse infoResponse() {
        List<TxnInfo> infos = new ArrayList<>();
        for (AcidTransaction transaction : list.getTransactionsList()) {
            TxnInfo info = new TxnInfo(
                    transaction.getId(),
                    transaction.getState() == AcidTransactionState.ACID_TRANSACTION_ABORTED
                            ? TxnState.ABORTED
                            : TxnState.OPEN,
                    transaction.getUser(),
                    transaction.getHost());
            info.setAgentInfo(transaction.getAgentInfo());
            info.setStartedTime(millis(transaction.getStartTime()));
            info.setLastHeartbeatTime(millis(transaction.getLastHeartbeatTime()));
            infos.add(info);
        }
        return new GetOpenTxnsInfoResponse(list.getHighWaterMark(), infos);
    }

    private static long millis(com.google.protobuf.Timestamp time) {
        return time.getSeconds() * 1000 + time.getNanos() / 1_000_000;
    }
}

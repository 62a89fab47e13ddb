package dev.lakegate.hms.handler.transactions;

import dev.lakegate.catalog.v1.AcidCommitKeyValue;
import dev.lakegate.catalog.v1.AcidCommitReplLastId;
import dev.lakegate.catalog.v1.AcidWriteConflict;
import dev.lakegate.catalog.v1.AcidWriteOperation;
import dev.lakegate.catalog.v1.PartitionValues;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.names.PartitionNames;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.CommitTxnKeyValue;
import org.apache.hadoop.hive.metastore.api.NoSuchTxnException;
import org.apache.hadoop.hive.metastore.api.ReplLastIdInfo;
import org.apache.hadoop.hive.metastore.api.TxnAbortedException;
import org.apache.thrift.TApplicationException;

/** HMS 4.0's words for a transaction a call cannot use (its {@code JavaUtils.txnIdToString} form, "txnid:5"). */
public final class TransactionWords {

    private TransactionWords() {}

    public static NoSuchTxnException noSuch(long id) {
        return new NoSuchTxnException("No such transaction txnid:" + id);
    }

    /** What HMS 4.0's heartbeat says of a committed transaction. */
    public static NoSuchTxnException noSuchForHeartbeat(long id) {
        return new NoSuchTxnException("No such txn: " + id);
    }

    public static NoSuchTxnException alreadyCommitted(long id) {
        return new NoSuchTxnException("Transaction txnid:" + id + " is already committed.");
    }

    public static TxnAbortedException aborted(long id) {
        return new TxnAbortedException("Transaction txnid:" + id + " already aborted");
    }

    /** Why a call cannot use the transaction, by the catalog's name of its state, in HMS 4.0's words. */
    /**
     * HMS's words for a commit that lost a write-write conflict: the transaction and its commit id, the
     * place ({@code db/table[/partition]}), the one that committed first, and both operations.
     */
    public static TxnAbortedException lostWriteConflict(long id, AcidWriteConflict conflict) {
        String place =
                conflict.getTable().getNamespace() + "/" + conflict.getTable().getName()
                        + (conflict.getPartition().isEmpty() ? "" : "/" + conflict.getPartition());
        return new TxnAbortedException(
                "Aborting [txnid:" + id + "," + conflict.getCommitId() + "] due to a write conflict on "
                        + place + " committed by [txnid:" + conflict.getCommittedTransactionId() + ","
                        + conflict.getCommittedCommitId() + "] " + code(conflict.getOperation()) + "/"
                        + code(conflict.getCommittedOperation()));
    }

    private static char code(AcidWriteOperation operation) {
        return switch (operation) {
            case ACID_WRITE_INSERT -> 'i';
            case ACID_WRITE_DELETE -> 'd';
            default -> 'u';
        };
    }

    public static HmsFailure cannotUse(long id, String state) {
        return switch (state == null ? "" : state) {
            case "ABORTED" -> HmsFailure.of(aborted(id).getMessage(), TxnAbortedException.class);
            case "COMMITTED" -> HmsFailure.of(alreadyCommitted(id).getMessage(), NoSuchTxnException.class);
            default -> HmsFailure.of(noSuch(id).getMessage(), NoSuchTxnException.class);
        };
    }

    /**
     * A refusal HMS 4 answers as an internal error of the call (its transaction handler throws an unchecked
     * exception): the same kind, with words that say what was wrong.
     */
    public static TApplicationException refused(String message) {
        return new TApplicationException(TApplicationException.INTERNAL_ERROR, message);
    }

    /**
     * Replication's last event id of a commit, names as given (the catalog normalizes them as HMS does); each
     * partition by its values, parsed from its name (a name that is not one matches no partition, as HMS finds
     * none by it).
     */
    /** A commit's key value (HMS 4's CommitTxnKeyValue); HMS reads a missing key or value as empty. */
    public static AcidCommitKeyValue keyValue(CommitTxnKeyValue keyValue) {
        return AcidCommitKeyValue.newBuilder()
                .setTableId(keyValue.getTableId())
                .setKey(keyValue.getKey() == null ? "" : keyValue.getKey())
                .setValue(keyValue.getValue() == null ? "" : keyValue.getValue())
                .build();
    }

    public static AcidCommitReplLastId replLastId(ReplLastIdInfo info) {
        AcidCommitReplLastId.Builder replLastId = AcidCommitReplLastId.newBuilder()
                .setCatalog(info.isSetCatalog() ? info.getCatalog() : "")
                .setDatabase(info.getDatabase() == null ? "" : info.getDatabase())
                .setLastReplId(info.getLastReplId());
        if (info.isSetTable()) {
            replLastId.setTable(info.getTable());
        }
        if (info.isSetPartitionList()) {
            for (String name : info.getPartitionList()) {
                replLastId.addPartitions(PartitionValues.newBuilder().addAllValues(valuesOf(name)));
            }
        }
        return replLastId.build();
    }

    private static List<String> valuesOf(String name) {
        try {
            return name == null ? List.of() : PartitionNames.toValues(name);
        } catch (RuntimeException notAName) {
            return List.of();
        }
    }
}

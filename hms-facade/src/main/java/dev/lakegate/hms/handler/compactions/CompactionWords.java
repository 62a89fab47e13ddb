package dev.lakegate.hms.handler.compactions;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.v1.Compaction;
import dev.lakegate.catalog.v1.CompactionState;
import dev.lakegate.catalog.v1.EnqueueCompactionResponse;
import dev.lakegate.catalog.v1.ListCompactionsRequest;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.hms.handler.transactions.TransactionWords;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionResponse;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.metastore.api.ShowCompactRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement;
import org.apache.thrift.TException;

/** Hive's compaction queue between HMS's Thrift structs and the catalog's messages, in HMS 4.0.1's words. */
public final class CompactionWords {

    /** The pool HMS 4 names an entry of no pool with. */
    public static final String DEFAULT_POOL = "default";

    /** What HMS 4 answers as the Hadoop job of an entry that has none. */
    static final String NO_JOB = "None";

    /** HMS 4's answer for the request that was refused (the entry that refused it is named in the message). */
    public static final long REFUSED_ID = -1;

    /** The one order HMS 4 takes that the facade understands: its id column, either way. */
    private static final Pattern ORDER_BY_ID =
            Pattern.compile("\\s*\"CC_ID\"(?:\\s+(ASC|DESC))?\\s*", Pattern.CASE_INSENSITIVE);

    private CompactionWords() {}

    public static dev.lakegate.catalog.v1.CompactionRequest request(CompactionRequest rqst) throws TException {
        if (rqst.getDbname() == null || rqst.getTablename() == null || rqst.getType() == null) {
            throw TransactionWords.refused("a compaction names its database, its table and its type");
        }
        dev.lakegate.catalog.v1.CompactionRequest.Builder request =
                dev.lakegate.catalog.v1.CompactionRequest.newBuilder()
                        .setTable(TableIdentifier.newBuilder()
                                .setNamespace(rqst.getDbname())
                                .setName(rqst.getTablename())
                                .build())
                        .setType(type(rqst.getType()))
                        .setRunAs(nullToEmpty(rqst.getRunas()))
                        .setPoolName(nullToEmpty(rqst.getPoolName()))
                        .setNumberOfBuckets(rqst.isSetNumberOfBuckets() ? rqst.getNumberOfBuckets() : 0)
                        .setOrderBy(nullToEmpty(rqst.getOrderByClause()))
                        .setInitiatorId(nullToEmpty(rqst.getInitiatorId()))
                        .setInitiatorVersion(nullToEmpty(rqst.getInitiatorVersion()));
        if (rqst.getPartitionname() != null) {
            request.setPartition(rqst.getPartitionname());
        }
        if (rqst.getProperties() != null) {
            for (Map.Entry<String, String> property : rqst.getProperties().entrySet()) {
                if (property.getKey() != null && property.getValue() != null) {
                    request.putProperties(property.getKey(), property.getValue());
                }
            }
        }
        return request.build();
    }

    /**
     * HMS 4's answer: the new entry's id, initiated; or refused, naming the entry initiated or working on the
     * same place.
     */
    public static CompactionResponse response(EnqueueCompactionResponse enqueued) {
        if (enqueued.getAccepted()) {
            return new CompactionResponse(enqueued.getId(), "initiated", true);
        }
        Compaction existing = enqueued.getRefusedBy();
        CompactionResponse refused = new CompactionResponse(REFUSED_ID, "refused", false);
        refused.setErrormessage("Compaction is already scheduled with state='" + word(existing.getState()) + "' and id="
                + existing.getId());
        return refused;
    }

    /**
     * The catalog's filter for HMS 4's: each text given (not empty) matches exactly, the state by the
     * one-letter code HMS stores it with; empty when the state is no such code (HMS then finds nothing).
     */
    public static Optional<ListCompactionsRequest> filter(ShowCompactRequest rqst) throws TException {
        ListCompactionsRequest.Builder filter = ListCompactionsRequest.newBuilder();
        if (rqst.getId() > 0) {
            filter.setId(rqst.getId());
        }
        filter.setPoolName(nullToEmpty(rqst.getPoolName()));
        filter.setNamespace(nullToEmpty(rqst.getDbName()));
        filter.setTable(nullToEmpty(rqst.getTbName()));
        if (rqst.getPartName() != null && !rqst.getPartName().isEmpty()) {
            filter.setPartition(rqst.getPartName());
        }
        if (rqst.getType() != null) {
            filter.setType(type(rqst.getType()));
        }
        if (rqst.getState() != null && !rqst.getState().isEmpty()) {
            Optional<CompactionState> state = stateOfCode(rqst.getState());
            if (state.isEmpty()) {
                return Optional.empty();
            }
            filter.setState(state.get());
        }
        if (rqst.getLimit() > 0) {
            filter.setLimit((int) Math.min(rqst.getLimit(), Integer.MAX_VALUE));
        }
        if (rqst.getOrder() != null && !rqst.getOrder().isEmpty()) {
            Matcher order = ORDER_BY_ID.matcher(rqst.getOrder());
            if (!order.matches()) {
                throw TransactionWords.refused(
                        "show_compact orders by \"CC_ID\" [ASC|DESC] only, not " + rqst.getOrder());
            }
            filter.setInIdOrder(true);
            filter.setNewestFirst(order.group(1) != null
                    && order.group(1).toUpperCase(Locale.ROOT).equals("DESC"));
        }
        return Optional.of(filter.build());
    }

    /**
     * What HMS 4.0.1 answers for an entry: the times and transaction ids it has not reached yet as 0 (the
     * times unset; the commit time and next transaction id, which HMS always sets, 0), no Hadoop job as
     * "None", no pool as {@value #DEFAULT_POOL}; texts a request or the Worker left out unset. An end time
     * only a failed or refused entry has (HMS has moved it to its completed compactions by then).
     */
    public static ShowCompactResponseElement element(Compaction entry) {
        dev.lakegate.catalog.v1.CompactionRequest request = entry.getRequest();
        ShowCompactResponseElement element = new ShowCompactResponseElement(
                request.getTable().getNamespace(),
                request.getTable().getName(),
                type(request.getType()),
                word(entry.getState()));
        if (request.hasPartition()) {
            element.setPartitionname(request.getPartition());
        }
        if (!request.getRunAs().isEmpty()) {
            element.setRunAs(request.getRunAs());
        }
        if (!entry.getWorkerId().isEmpty()) {
            element.setWorkerid(entry.getWorkerId());
        }
        if (entry.hasStartTime()) {
            element.setStart(millis(entry.getStartTime()));
        }
        if (entry.hasEndTime()) {
            element.setEndTime(millis(entry.getEndTime()));
        }
        element.setHightestTxnId(entry.getHighestWriteId());
        element.setHadoopJobId(entry.getHadoopJobId().isEmpty() ? NO_JOB : entry.getHadoopJobId());
        element.setId(entry.getId());
        if (!entry.getErrorMessage().isEmpty()) {
            element.setErrorMessage(entry.getErrorMessage());
        }
        element.setEnqueueTime(millis(entry.getEnqueueTime()));
        if (!entry.getWorkerVersion().isEmpty()) {
            element.setWorkerVersion(entry.getWorkerVersion());
        }
        if (!request.getInitiatorId().isEmpty()) {
            element.setInitiatorId(request.getInitiatorId());
        }
        if (!request.getInitiatorVersion().isEmpty()) {
            element.setInitiatorVersion(request.getInitiatorVersion());
        }
        element.setPoolName(request.getPoolName().isEmpty() ? DEFAULT_POOL : request.getPoolName());
        element.setNextTxnId(entry.getNextTxnId());
        element.setTxnId(entry.getTxnId());
        element.setCommitTime(entry.hasCommitTime() ? millis(entry.getCommitTime()) : 0);
        return element;
    }

    private static long millis(Timestamp time) {
        return time.getSeconds() * 1000 + time.getNanos() / 1_000_000;
    }

    /** The types HMS 4.0.1 queues; a later release's others are refused. */
    private static dev.lakegate.catalog.v1.CompactionType type(CompactionType type) throws TException {
        return switch (type) {
            case MAJOR -> dev.lakegate.catalog.v1.CompactionType.COMPACTION_MAJOR;
            case MINOR -> dev.lakegate.catalog.v1.CompactionType.COMPACTION_MINOR;
            case REBALANCE -> dev.lakegate.catalog.v1.CompactionType.COMPACTION_REBALANCE;
            case ABORT_TXN_CLEANUP -> dev.lakegate.catalog.v1.CompactionType.COMPACTION_ABORT_TXN_CLEANUP;
            default -> throw TransactionWords.refused("compactions of type " + type + " are not served");
        };
    }

    static CompactionType type(dev.lakegate.catalog.v1.CompactionType type) {
        return switch (type) {
            case COMPACTION_MINOR -> CompactionType.MINOR;
            case COMPACTION_REBALANCE -> CompactionType.REBALANCE;
            case COMPACTION_ABORT_TXN_CLEANUP -> CompactionType.ABORT_TXN_CLEANUP;
            case COMPACTION_MAJOR, COMPACTION_TYPE_UNSPECIFIED, UNRECOGNIZED -> CompactionType.MAJOR;
        };
    }

    /** HMS's words for the states, as its answers show them. */
    public static String word(CompactionState state) {
        return switch (state) {
            case COMPACTION_WORKING -> "working";
            case COMPACTION_READY_FOR_CLEANING -> "ready for cleaning";
            case COMPACTION_FAILED -> "failed";
            case COMPACTION_SUCCEEDED -> "succeeded";
            case COMPACTION_DID_NOT_INITIATE -> "did not initiate";
            case COMPACTION_REFUSED -> "refused";
            case COMPACTION_ABORTED -> "aborted";
            case COMPACTION_INITIATED, COMPACTION_STATE_UNSPECIFIED, UNRECOGNIZED -> "initiated";
        };
    }

    /** The state HMS stores under a one-letter code. */
    static Optional<CompactionState> stateOfCode(String code) {
        return Optional.ofNullable(
                switch (code) {
                    case "i" -> CompactionState.COMPACTION_INITIATED;
                    case "w" -> CompactionState.COMPACTION_WORKING;
                    case "r" -> CompactionState.COMPACTION_READY_FOR_CLEANING;
                    case "f" -> CompactionState.COMPACTION_FAILED;
                    case "s" -> CompactionState.COMPACTION_SUCCEEDED;
                    case "a" -> CompactionState.COMPACTION_DID_NOT_INITIATE;
                    case "c" -> CompactionState.COMPACTION_REFUSED;
                    case "x" -> CompactionState.COMPACTION_ABORTED;
                    default -> null;
                });
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}

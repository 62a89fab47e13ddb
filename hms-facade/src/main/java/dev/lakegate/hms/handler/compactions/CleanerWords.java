package dev.lakegate.hms.handler.compactions;

import dev.lakegate.catalog.v1.AbortCompactionsResponse;
import dev.lakegate.catalog.v1.Compaction;
import dev.lakegate.catalog.v1.CompactionMetricPlace;
import dev.lakegate.catalog.v1.CompactionState;
import dev.lakegate.catalog.v1.ListCompactionsRequest;
import dev.lakegate.catalog.v1.TableIdentifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.AbortCompactResponse;
import org.apache.hadoop.hive.metastore.api.AbortCompactionResponseElement;
import org.apache.hadoop.hive.metastore.api.CompactionInfoStruct;
import org.apache.hadoop.hive.metastore.api.CompactionMetricsMetricType;
import org.apache.hadoop.hive.metastore.api.GetLatestCommittedCompactionInfoRequest;
import org.apache.hadoop.hive.metastore.api.GetLatestCommittedCompactionInfoResponse;
import org.apache.hadoop.hive.metastore.api.MetaException;

/**
 * The Cleaner's and the Initiator's side of Hive's compaction queue between HMS's Thrift structs and the
 * catalog's messages, in HMS 4.0.1's words: aborting entries, the latest committed compactions, and the
 * compaction metrics.
 */
public final class CleanerWords {

    /** The error message HMS 4.0.1 leaves on an entry it aborted (its spelling). */
    public static final String ABORTED_MESSAGE = "Compaction Aborted by Abort Comapction request.";

    private CleanerWords() {}

    /** HMS 4.0.1's answer per id: aborted, not there, or in a state that is not initiated. */
    public static AbortCompactResponse aborted(List<AbortCompactionsResponse.Answer> answers) {
        Map<Long, AbortCompactionResponseElement> elements = new HashMap<>();
        for (AbortCompactionsResponse.Answer answer : answers) {
            AbortCompactionResponseElement element = new AbortCompactionResponseElement(answer.getId());
            if (answer.getAborted()) {
                element.setStatus("Success");
                element.setMessage("Successfully aborted compaction");
            } else if (answer.getState() == CompactionState.COMPACTION_STATE_UNSPECIFIED) {
                element.setStatus("Error");
                element.setMessage("No Such Compaction Id Available");
            } else {
                element.setStatus("Error");
                element.setMessage("Error while aborting compaction as compaction is in state-"
                        + CompactionWords.word(answer.getState()));
            }
            elements.put(answer.getId(), element);
        }
        return new AbortCompactResponse(elements);
    }

    /** The committed entries of the request's table, the newest first, after its last compaction id if set. */
    public static ListCompactionsRequest committed(GetLatestCommittedCompactionInfoRequest rqst) throws MetaException {
        if (rqst.getDbname() == null || rqst.getTablename() == null) {
            throw new MetaException("Database name and table name cannot be null.");
        }
        ListCompactionsRequest.Builder request = ListCompactionsRequest.newBuilder()
                .setNamespace(rqst.getDbname())
                .setTable(rqst.getTablename())
                .setCommitted(true)
                .setNewestFirst(true);
        if (rqst.isSetLastCompactionId() && rqst.getLastCompactionId() > 0) {
            request.setAfterId(rqst.getLastCompactionId());
        }
        return request.build();
    }

    /**
     * HMS 4.0.1's answer: of each partition (the table's own place among them) the latest committed entry, the
     * latest first, only of the partitions named when some are; id, names and type only.
     */
    public static GetLatestCommittedCompactionInfoResponse latest(
            GetLatestCommittedCompactionInfoRequest rqst, List<Compaction> newestFirst) {
        Set<String> named =
                rqst.getPartitionnames() == null || rqst.getPartitionnames().isEmpty()
                        ? null
                        : new HashSet<>(rqst.getPartitionnames());
        Set<Optional<String>> seen = new HashSet<>();
        List<CompactionInfoStruct> latest = new ArrayList<>();
        for (Compaction entry : newestFirst) {
            dev.lakegate.catalog.v1.CompactionRequest request = entry.getRequest();
            Optional<String> partition =
                    request.hasPartition() ? Optional.of(request.getPartition()) : Optional.empty();
            if (named != null && (partition.isEmpty() || !named.contains(partition.get()))) {
                continue;
            }
            if (seen.add(partition)) {
                CompactionInfoStruct struct = new CompactionInfoStruct(
                        entry.getId(),
                        request.getTable().getNamespace(),
                        request.getTable().getName(),
                        CompactionWords.type(request.getType()));
                partition.ifPresent(struct::setPartitionname);
                latest.add(struct);
            }
        }
        return new GetLatestCommittedCompactionInfoResponse(latest);
    }

    /** A metric's place; HMS names the metric types in its store as Hive's metrics do. */
    public static CompactionMetricPlace place(
            String db, String table, String partition, CompactionMetricsMetricType type) throws MetaException {
        if (db == null || table == null || type == null) {
            throw new MetaException("a compaction metric names its database, its table and its type");
        }
        CompactionMetricPlace.Builder place = CompactionMetricPlace.newBuilder()
                .setTable(TableIdentifier.newBuilder().setNamespace(db).setName(table))
                .setMetricType(
                        switch (type) {
                            case NUM_OBSOLETE_DELTAS -> "HIVE_ACID_NUM_OBSOLETE_DELTAS";
                            case NUM_DELTAS -> "HIVE_ACID_NUM_DELTAS";
                            case NUM_SMALL_DELTAS -> "HIVE_ACID_NUM_SMALL_DELTAS";
                        });
        if (partition != null) {
            place.setPartition(partition);
        }
        return place.build();
    }
}

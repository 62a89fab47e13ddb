package dev.lakegate.hms.handler.compactions;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.v1.Compaction;
import dev.lakegate.catalog.v1.CompactionState;
import dev.lakegate.catalog.v1.RecordCompactionWorkRequest;
import dev.lakegate.catalog.v1.UnqueuedCompaction;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.CompactionInfoStruct;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.metastore.api.OptionalCompactionInfoStruct;
import org.apache.thrift.TException;

/**
 * The compactor Worker's side of Hive's compaction queue between HMS's Thrift structs and the catalog's
 * messages, in HMS 4.0.1's words: the entry a Worker takes, and what it records on it.
 */
public final class CompactorWords {

    /**
     * The state HMS 4.0.1 answers a taken entry with: it reads the entry without its state, so the struct
     * carries the zero character.
     */
    static final String UNREAD_STATE = String.valueOf('\0');

    private CompactorWords() {}

    /**
     * HMS 4.0.1's answer to a Worker that asked for work: the entry as HMS reads it to hand it out (before it
     * became working: its worker not yet set), with the columns that read leaves out at their zero values;
     * nothing inside when there is nothing to take.
     */
    public static OptionalCompactionInfoStruct taken(Optional<Compaction> taken) {
        OptionalCompactionInfoStruct answer = new OptionalCompactionInfoStruct();
        taken.ifPresent(entry -> answer.setCi(struct(entry)));
        return answer;
    }

    private static CompactionInfoStruct struct(Compaction entry) {
        dev.lakegate.catalog.v1.CompactionRequest request = entry.getRequest();
        CompactionInfoStruct struct = new CompactionInfoStruct(
                entry.getId(),
                request.getTable().getNamespace(),
                request.getTable().getName(),
                CompactionWords.type(request.getType()));
        if (request.hasPartition()) {
            struct.setPartitionname(request.getPartition());
        }
        if (!request.getPropertiesMap().isEmpty()) {
            struct.setProperties(stringableMap(request.getPropertiesMap()));
        }
        struct.setToomanyaborts(false);
        struct.setHasoldabort(false);
        struct.setStart(0);
        struct.setState(UNREAD_STATE);
        if (!entry.getWorkerId().isEmpty()) {
            struct.setWorkerId(entry.getWorkerId());
        }
        struct.setHighestWriteId(0);
        struct.setEnqueueTime(0);
        struct.setRetryRetention(0);
        if (!request.getPoolName().isEmpty()) {
            struct.setPoolname(request.getPoolName());
        }
        struct.setNumberOfBuckets(request.getNumberOfBuckets());
        if (!request.getOrderBy().isEmpty()) {
            struct.setOrderByClause(request.getOrderBy());
        }
        return struct;
    }

    /**
     * The text Hive's StringableMap writes a compaction's properties as (HMS stores and hands them out so):
     * their count, then each key and value as its length, a colon and itself, in a hash map's order.
     */
    static String stringableMap(Map<String, String> properties) {
        Map<String, String> inHashOrder = new HashMap<>(properties);
        StringBuilder text = new StringBuilder().append(inHashOrder.size()).append(':');
        for (Map.Entry<String, String> property : inHashOrder.entrySet()) {
            lengthAndText(text, property.getKey());
            lengthAndText(text, property.getValue());
        }
        return text.toString();
    }

    private static void lengthAndText(StringBuilder text, String value) {
        text.append(value.length()).append(':').append(value);
    }

    /** The Worker's transaction on an entry: its id, and the highest write id and user the struct carries. */
    public static RecordCompactionWorkRequest compactor(CompactionInfoStruct cr, long txnId) {
        return RecordCompactionWorkRequest.newBuilder()
                .setId(cr.getId())
                .setCompactor(RecordCompactionWorkRequest.CompactorTransaction.newBuilder()
                        .setTxnId(txnId)
                        .setHighestWriteId(cr.getHighestWriteId())
                        .setRunAs(nullToEmpty(cr.getRunas())))
                .build();
    }

    public static RecordCompactionWorkRequest hadoopJob(long id, String jobId) {
        return RecordCompactionWorkRequest.newBuilder()
                .setId(id)
                .setHadoopJobId(nullToEmpty(jobId))
                .build();
    }

    public static RecordCompactionWorkRequest compacted(CompactionInfoStruct cr) {
        return RecordCompactionWorkRequest.newBuilder()
                .setId(cr.getId())
                .setCompacted(true)
                .build();
    }

    /**
     * Failed or refused, with the error message the struct carries. Of an id no queue entry can have (0 or
     * below: Hive's Initiator reports a failure before it queued anything with id 0), with what the struct says
     * of the compaction, which HMS 4.0.1 records as an ended entry.
     */
    public static RecordCompactionWorkRequest ended(CompactionInfoStruct cr, CompactionState state) throws TException {
        RecordCompactionWorkRequest.Ended.Builder ended = RecordCompactionWorkRequest.Ended.newBuilder()
                .setState(state)
                .setErrorMessage(nullToEmpty(cr.getErrorMessage()));
        if (cr.getId() <= 0) {
            ended.setUnqueued(unqueued(cr));
        }
        return RecordCompactionWorkRequest.newBuilder()
                .setId(cr.getId())
                .setEnded(ended)
                .build();
    }

    /** As HMS's compactionStructToInfo reads the struct; a type left out is minor, as HMS records it. */
    private static UnqueuedCompaction unqueued(CompactionInfoStruct cr) throws TException {
        CompactionRequest request = new CompactionRequest(
                cr.getDbname(), cr.getTablename(), cr.getType() == null ? CompactionType.MINOR : cr.getType());
        request.setPartitionname(cr.getPartitionname());
        request.setRunas(cr.getRunas());
        request.setPoolName(cr.getPoolname());
        if (cr.isSetNumberOfBuckets()) {
            request.setNumberOfBuckets(cr.getNumberOfBuckets());
        }
        request.setOrderByClause(cr.getOrderByClause());
        if (cr.getProperties() != null) {
            StringableMapText.read(cr.getProperties()).ifPresent(request::setProperties);
        }
        UnqueuedCompaction.Builder unqueued = UnqueuedCompaction.newBuilder()
                .setRequest(CompactionWords.request(request))
                .setWorkerId(nullToEmpty(cr.getWorkerId()))
                .setHighestWriteId(cr.getHighestWriteId());
        if (cr.isSetStart()) {
            unqueued.setStartTime(timestamp(cr.getStart()));
        }
        if (cr.isSetEnqueueTime()) {
            unqueued.setEnqueueTime(timestamp(cr.getEnqueueTime()));
        }
        return unqueued.build();
    }

    private static Timestamp timestamp(long millis) {
        return Timestamp.newBuilder()
                .setSeconds(Math.floorDiv(millis, 1000))
                .setNanos((int) Math.floorMod(millis, 1000) * 1_000_000)
                .build();
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}

package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.grpc.mapping.CompactionMapper;
import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.ValueMapper;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.UnqueuedCompaction;
import dev.lakegate.catalog.server.service.CompactionQueueOperations;
import dev.lakegate.catalog.v1.RecordCompactionWorkRequest;
import java.util.Optional;

/** One RecordCompactionWork request, by the kind of work it records, onto the compaction queue. */
final class CompactionWorkRecorder {

    private CompactionWorkRecorder() {}

    static void record(CompactionQueueOperations queue, RecordCompactionWorkRequest request) {
        long id = request.getId();
        switch (request.getWorkCase()) {
            case COMPACTOR ->
                queue.recordCompactor(
                        id,
                        request.getCompactor().getTxnId(),
                        request.getCompactor().getHighestWriteId(),
                        request.getCompactor().getRunAs());
            case HADOOP_JOB_ID -> queue.recordJob(id, request.getHadoopJobId());
            case COMPACTED -> queue.markCompacted(id);
            case ENDED ->
                queue.end(
                        id,
                        ended(request.getEnded()),
                        request.getEnded().getErrorMessage(),
                        request.getEnded().hasUnqueued()
                                ? Optional.of(unqueued(request.getEnded().getUnqueued()))
                                : Optional.empty());
            case WORK_NOT_SET ->
                throw new CatalogException(ErrorCode.INVALID_ARGUMENT, "a record of compaction work names the work");
        }
    }

    private static UnqueuedCompaction unqueued(dev.lakegate.catalog.v1.UnqueuedCompaction unqueued) {
        FieldPath path = FieldPath.root("ended").field("unqueued");
        return new UnqueuedCompaction(
                CompactionMapper.toDomain(unqueued.getRequest()),
                unqueued.getWorkerId().isEmpty() ? Optional.empty() : Optional.of(unqueued.getWorkerId()),
                unqueued.hasStartTime()
                        ? Optional.of(ValueMapper.toInstant(unqueued.getStartTime(), path.field("start_time")))
                        : Optional.empty(),
                unqueued.getHighestWriteId(),
                unqueued.hasEnqueueTime()
                        ? Optional.of(ValueMapper.toInstant(unqueued.getEnqueueTime(), path.field("enqueue_time")))
                        : Optional.empty());
    }

    private static Compaction.State ended(RecordCompactionWorkRequest.Ended ended) {
        return CompactionMapper.toDomain(ended.getState())
                .orElseThrow(() ->
                        new CatalogException(ErrorCode.INVALID_ARGUMENT, "a compaction ends as failed or refused"));
    }
}

package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.CompactionFilter;
import dev.lakegate.catalog.server.model.CompactionMetric;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.model.CompactionWork;
import dev.lakegate.catalog.v1.CompactionMetricPlace;
import dev.lakegate.catalog.v1.CompactionState;
import dev.lakegate.catalog.v1.CompactionType;
import dev.lakegate.catalog.v1.ListCompactionsRequest;
import java.util.Optional;

/** Hive's compaction queue between the gRPC contract and the domain. */
public final class CompactionMapper {

    private CompactionMapper() {}

    public static CompactionRequest toDomain(dev.lakegate.catalog.v1.CompactionRequest request) {
        if (request.getNumberOfBuckets() < 0) {
            throw CatalogException.invalidArgument(
                    "request.number_of_buckets", "not negative, not " + request.getNumberOfBuckets());
        }
        return new CompactionRequest(
                TableMapper.toDomain(request.getTable()),
                request.hasPartition() ? Optional.of(request.getPartition()) : Optional.empty(),
                toDomain(request.getType())
                        .orElseThrow(() -> CatalogException.invalidArgument(
                                "request.type", "a compaction type, not " + request.getType())),
                request.getRunAs(),
                request.getPropertiesMap(),
                request.getPoolName(),
                request.getNumberOfBuckets(),
                request.getOrderBy(),
                request.getInitiatorId(),
                request.getInitiatorVersion());
    }

    public static dev.lakegate.catalog.v1.CompactionRequest toProto(CompactionRequest request) {
        dev.lakegate.catalog.v1.CompactionRequest.Builder proto = dev.lakegate.catalog.v1.CompactionRequest.newBuilder()
                .setTable(TableMapper.toProto(request.table()))
                .setType(toProto(request.type()))
                .setRunAs(request.runAs())
                .putAllProperties(request.properties())
                .setPoolName(request.poolName())
                .setNumberOfBuckets(request.numberOfBuckets())
                .setOrderBy(request.orderBy())
                .setInitiatorId(request.initiatorId())
                .setInitiatorVersion(request.initiatorVersion());
        request.partition().ifPresent(proto::setPartition);
        return proto.build();
    }

    public static dev.lakegate.catalog.v1.Compaction toProto(Compaction compaction) {
        CompactionWork work = compaction.work();
        dev.lakegate.catalog.v1.Compaction.Builder proto = dev.lakegate.catalog.v1.Compaction.newBuilder()
                .setId(compaction.id())
                .setRequest(toProto(compaction.request()))
                .setState(toProto(compaction.state()))
                .setEnqueueTime(ValueMapper.toProto(compaction.enqueueTime()))
                .setWorkerId(work.workerId().orElse(""))
                .setWorkerVersion(work.workerVersion().orElse(""))
                .setTxnId(work.txnId())
                .setHighestWriteId(work.highestWriteId())
                .setHadoopJobId(work.hadoopJobId().orElse(""))
                .setErrorMessage(work.errorMessage().orElse(""))
                .setNextTxnId(work.nextTxnId());
        work.start().ifPresent(start -> proto.setStartTime(ValueMapper.toProto(start)));
        work.end().ifPresent(end -> proto.setEndTime(ValueMapper.toProto(end)));
        work.commitTime().ifPresent(commit -> proto.setCommitTime(ValueMapper.toProto(commit)));
        return proto.build();
    }

    public static CompactionFilter toDomain(ListCompactionsRequest request) {
        if (request.getLimit() < 0) {
            throw CatalogException.invalidArgument("limit", "not negative, not " + request.getLimit());
        }
        return CompactionFilter.builder()
                .id(request.getId())
                .pool(request.getPoolName())
                .namespace(request.getNamespace())
                .table(request.getTable())
                .partition(request.hasPartition() ? Optional.of(request.getPartition()) : Optional.empty())
                .type(toDomain(request.getType()))
                .state(toDomain(request.getState()))
                .limit(request.getLimit())
                .order(request.getInIdOrder(), request.getNewestFirst())
                .committed(request.getCommitted())
                .after(request.getAfterId())
                .build();
    }

    public static CompactionMetric toDomain(CompactionMetricPlace place) {
        return new CompactionMetric(
                TableMapper.toDomain(place.getTable()),
                place.hasPartition() ? Optional.of(place.getPartition()) : Optional.empty(),
                place.getMetricType());
    }

    /** Empty for UNSPECIFIED. */
    public static Optional<Compaction.Type> toDomain(CompactionType type) {
        return switch (type) {
            case COMPACTION_MAJOR -> Optional.of(Compaction.Type.MAJOR);
            case COMPACTION_MINOR -> Optional.of(Compaction.Type.MINOR);
            case COMPACTION_REBALANCE -> Optional.of(Compaction.Type.REBALANCE);
            case COMPACTION_ABORT_TXN_CLEANUP -> Optional.of(Compaction.Type.ABORT_TXN_CLEANUP);
            case COMPACTION_TYPE_UNSPECIFIED, UNRECOGNIZED -> Optional.empty();
        };
    }

    public static CompactionType toProto(Compaction.Type type) {
        return switch (type) {
            case MAJOR -> CompactionType.COMPACTION_MAJOR;
            case MINOR -> CompactionType.COMPACTION_MINOR;
            case REBALANCE -> CompactionType.COMPACTION_REBALANCE;
            case ABORT_TXN_CLEANUP -> CompactionType.COMPACTION_ABORT_TXN_CLEANUP;
        };
    }

    /** Empty for UNSPECIFIED. */
    public static Optional<Compaction.State> toDomain(CompactionState state) {
        return switch (state) {
            case COMPACTION_INITIATED -> Optional.of(Compaction.State.INITIATED);
            case COMPACTION_WORKING -> Optional.of(Compaction.State.WORKING);
            case COMPACTION_READY_FOR_CLEANING -> Optional.of(Compaction.State.READY_FOR_CLEANING);
            case COMPACTION_FAILED -> Optional.of(Compaction.State.FAILED);
            case COMPACTION_SUCCEEDED -> Optional.of(Compaction.State.SUCCEEDED);
            case COMPACTION_DID_NOT_INITIATE -> Optional.of(Compaction.State.DID_NOT_INITIATE);
            case COMPACTION_REFUSED -> Optional.of(Compaction.State.REFUSED);
            case COMPACTION_ABORTED -> Optional.of(Compaction.State.ABORTED);
            case COMPACTION_STATE_UNSPECIFIED, UNRECOGNIZED -> Optional.empty();
        };
    }

    public static CompactionState toProto(Compaction.State state) {
        return switch (state) {
            case INITIATED -> CompactionState.COMPACTION_INITIATED;
            case WORKING -> CompactionState.COMPACTION_WORKING;
            case READY_FOR_CLEANING -> CompactionState.COMPACTION_READY_FOR_CLEANING;
            case FAILED -> CompactionState.COMPACTION_FAILED;
            case SUCCEEDED -> CompactionState.COMPACTION_SUCCEEDED;
            case DID_NOT_INITIATE -> CompactionState.COMPACTION_DID_NOT_INITIATE;
            case REFUSED -> CompactionState.COMPACTION_REFUSED;
            case ABORTED -> CompactionState.COMPACTION_ABORTED;
        };
    }
}

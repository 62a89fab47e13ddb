package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.LakeStatisticsMapper;
import dev.lakegate.catalog.server.grpc.mapping.StatisticsMapper;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.StatisticsBatch;
import dev.lakegate.catalog.server.model.StatisticsBatchDelete;
import dev.lakegate.catalog.server.model.StatisticsWrite;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.v1.BatchDeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.BatchDeleteColumnStatisticsResponse;
import dev.lakegate.catalog.v1.BatchUpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.BatchUpdateColumnStatisticsResponse;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsResponse;
import dev.lakegate.catalog.v1.GetColumnStatisticsRequest;
import dev.lakegate.catalog.v1.GetColumnStatisticsResponse;
import dev.lakegate.catalog.v1.GetTableStatisticsRequest;
import dev.lakegate.catalog.v1.TableStatistics;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsResponse;
import java.util.List;
import java.util.Optional;

/** The column statistics RPCs, and lake tables' statistics as the catalog counts them. */
final class StatisticsRpcs {

    private final Catalog catalog;

    StatisticsRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    UpdateColumnStatisticsResponse update(UpdateColumnStatisticsRequest request) {
        catalog.updateColumnStatistics(
                StatisticsMapper.toDomain(request.getTarget()),
                FieldPath.root("statistics").mapEach(request.getStatisticsList(), StatisticsMapper::toDomain),
                UnaryCall.context(request.getRequestId()));
        return UpdateColumnStatisticsResponse.getDefaultInstance();
    }

    GetColumnStatisticsResponse get(GetColumnStatisticsRequest request) {
        return GetColumnStatisticsResponse.newBuilder()
                .addAllStatistics(
                        catalog
                                .getColumnStatistics(
                                        StatisticsMapper.toDomain(request.getTarget()), request.getColumnsList())
                                .stream()
                                .map(StatisticsMapper::toProto)
                                .toList())
                .build();
    }

    DeleteColumnStatisticsResponse delete(DeleteColumnStatisticsRequest request) {
        int deleted = catalog.deleteColumnStatistics(
                StatisticsMapper.toDomain(request.getTarget()),
                request.getColumnsList(),
                UnaryCall.context(request.getRequestId()));
        return DeleteColumnStatisticsResponse.newBuilder().setDeleted(deleted).build();
    }

    BatchUpdateColumnStatisticsResponse batchUpdate(BatchUpdateColumnStatisticsRequest request) {
        List<StatisticsWrite> writes = FieldPath.root("writes")
                .mapEach(
                        request.getWritesList(),
                        (write, path) -> new StatisticsWrite(
                                write.getPartitionValuesList(),
                                path.field("statistics").mapEach(write.getStatisticsList(), StatisticsMapper::toDomain),
                                write.getSetParametersMap()));
        catalog.batchUpdateColumnStatistics(
                new StatisticsBatch(
                        TableMapper.toDomain(request.getTable()),
                        request.getEngine(),
                        writes,
                        request.hasAssertTableVersion()
                                ? Optional.of(request.getAssertTableVersion())
                                : Optional.empty()),
                UnaryCall.context(request.getRequestId()));
        return BatchUpdateColumnStatisticsResponse.getDefaultInstance();
    }

    BatchDeleteColumnStatisticsResponse batchDelete(BatchDeleteColumnStatisticsRequest request) {
        int deleted = catalog.batchDeleteColumnStatistics(
                new StatisticsBatchDelete(
                        TableMapper.toDomain(request.getTable()),
                        request.getEngine(),
                        request.getPartitionsList().stream()
                                .map(values -> List.copyOf(values.getValuesList()))
                                .toList(),
                        request.getColumnsList(),
                        request.getIfExists(),
                        request.getAllPartitions()),
                UnaryCall.context(request.getRequestId()));
        return BatchDeleteColumnStatisticsResponse.newBuilder()
                .setDeleted(deleted)
                .build();
    }

    TableStatistics getTableStatistics(GetTableStatisticsRequest request) {
        return LakeStatisticsMapper.toProto(catalog.lakeStatistics()
                .get(
                        TableMapper.toDomain(request.getTable()),
                        request.hasSnapshotId() ? Optional.of(request.getSnapshotId()) : Optional.empty(),
                        request.hasRef() ? Optional.of(request.getRef()) : Optional.empty(),
                        request.getWithPartitions()));
    }
}

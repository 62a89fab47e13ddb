package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.StatisticsMapper;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsResponse;
import dev.lakegate.catalog.v1.GetColumnStatisticsRequest;
import dev.lakegate.catalog.v1.GetColumnStatisticsResponse;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsResponse;

/** The column statistics RPCs. */
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
}

package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.RuntimeStatisticsMapper;
import dev.lakegate.catalog.server.grpc.mapping.ValueMapper;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.v1.AddRuntimeStatisticsRequest;
import dev.lakegate.catalog.v1.ListRuntimeStatisticsRequest;
import dev.lakegate.catalog.v1.ListRuntimeStatisticsResponse;
import dev.lakegate.catalog.v1.RuntimeStatistics;
import java.util.Optional;

/** The runtime-statistics RPCs. */
final class RuntimeStatisticsRpcs {

    private final Catalog catalog;

    RuntimeStatisticsRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    RuntimeStatistics add(AddRuntimeStatisticsRequest request) {
        return RuntimeStatisticsMapper.toProto(catalog.addRuntimeStatistics(
                request.getWeight(), request.getPayload().toByteArray()));
    }

    ListRuntimeStatisticsResponse list(ListRuntimeStatisticsRequest request) {
        return ListRuntimeStatisticsResponse.newBuilder()
                .addAllStatistics(catalog
                        .listRuntimeStatistics(
                                request.hasMaxWeight() ? Optional.of(request.getMaxWeight()) : Optional.empty(),
                                request.hasCreatedBefore()
                                        ? ValueMapper.toInstant(
                                                request.getCreatedBefore(), FieldPath.root("created_before"))
                                        : null)
                        .stream()
                        .map(RuntimeStatisticsMapper::toProto)
                        .toList())
                .build();
    }
}

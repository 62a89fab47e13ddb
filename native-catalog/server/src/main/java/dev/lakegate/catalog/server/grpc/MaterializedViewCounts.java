package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.MaterializedViewSourceCount;
import dev.lakegate.catalog.server.service.MaterializedViewTransactions;
import dev.lakegate.catalog.v1.AddToMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.AddToMaterializedViewSourceCountsResponse;
import dev.lakegate.catalog.v1.GetMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.GetMaterializedViewSourceCountsResponse;
import dev.lakegate.catalog.v1.SetMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.SetMaterializedViewSourceCountsResponse;

/** The requests on what materialized views count of their sources' writes, onto the catalog's views. */
final class MaterializedViewCounts {

    private MaterializedViewCounts() {}

    static SetMaterializedViewSourceCountsResponse set(
            MaterializedViewTransactions views, SetMaterializedViewSourceCountsRequest request) {
        views.replaceSourceCounts(
                TableMapper.toDomain(request.getView()),
                request.getCountsList().stream()
                        .map(MaterializedViewCounts::toDomain)
                        .toList());
        return SetMaterializedViewSourceCountsResponse.getDefaultInstance();
    }

    static AddToMaterializedViewSourceCountsResponse add(
            MaterializedViewTransactions views, AddToMaterializedViewSourceCountsRequest request) {
        return AddToMaterializedViewSourceCountsResponse.newBuilder()
                .setViews(views.addToSourceCounts(toDomain(request.getWritten())))
                .build();
    }

    static GetMaterializedViewSourceCountsResponse get(
            MaterializedViewTransactions views, GetMaterializedViewSourceCountsRequest request) {
        return GetMaterializedViewSourceCountsResponse.newBuilder()
                .addAllCounts(views.sourceCounts(TableMapper.toDomain(request.getView())).stream()
                        .map(MaterializedViewCounts::toProto)
                        .toList())
                .build();
    }

    private static MaterializedViewSourceCount toDomain(dev.lakegate.catalog.v1.MaterializedViewSourceCount count) {
        return new MaterializedViewSourceCount(
                count.getSourceTableId(), count.getInserted(), count.getUpdated(), count.getDeleted());
    }

    private static dev.lakegate.catalog.v1.MaterializedViewSourceCount toProto(MaterializedViewSourceCount count) {
        return dev.lakegate.catalog.v1.MaterializedViewSourceCount.newBuilder()
                .setSourceTableId(count.sourceTableId())
                .setInserted(count.inserted())
                .setUpdated(count.updated())
                .setDeleted(count.deleted())
                .build();
    }
}

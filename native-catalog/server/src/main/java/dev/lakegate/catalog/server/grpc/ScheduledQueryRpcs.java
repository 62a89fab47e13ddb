package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.ScheduledQueryMapper;
import dev.lakegate.catalog.server.grpc.mapping.ValueMapper;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.v1.AlterScheduledQueryRequest;
import dev.lakegate.catalog.v1.CreateScheduledQueryRequest;
import dev.lakegate.catalog.v1.DropScheduledQueryRequest;
import dev.lakegate.catalog.v1.EnableScheduledQueryRequest;
import dev.lakegate.catalog.v1.GetScheduledQueryRequest;
import dev.lakegate.catalog.v1.ListScheduledExecutionsRequest;
import dev.lakegate.catalog.v1.ListScheduledExecutionsResponse;
import dev.lakegate.catalog.v1.PollScheduledQueryRequest;
import dev.lakegate.catalog.v1.PollScheduledQueryResponse;
import dev.lakegate.catalog.v1.ReportScheduledProgressRequest;
import dev.lakegate.catalog.v1.ScheduledExecution;
import dev.lakegate.catalog.v1.ScheduledQuery;
import java.util.Optional;

/** The scheduled-query RPCs. */
final class ScheduledQueryRpcs {

    private final Catalog catalog;

    ScheduledQueryRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    ScheduledQuery create(CreateScheduledQueryRequest request) {
        return ScheduledQueryMapper.toProto(catalog.createScheduledQuery(
                ScheduledQueryMapper.toDomain(request.getQuery(), FieldPath.root("query"))));
    }

    ScheduledQuery alter(AlterScheduledQueryRequest request) {
        return ScheduledQueryMapper.toProto(catalog.alterScheduledQuery(
                ScheduledQueryMapper.toDomain(request.getQuery(), FieldPath.root("query")),
                request.hasNextExecution()
                        ? Optional.of(
                                ValueMapper.toInstant(request.getNextExecution(), FieldPath.root("next_execution")))
                        : Optional.empty()));
    }

    ScheduledQuery enable(EnableScheduledQueryRequest request) {
        return ScheduledQueryMapper.toProto(
                catalog.enableScheduledQuery(ScheduledQueryMapper.toDomain(request.getKey()), request.getEnabled()));
    }

    Empty drop(DropScheduledQueryRequest request) {
        catalog.dropScheduledQuery(ScheduledQueryMapper.toDomain(request.getKey()));
        return Empty.getDefaultInstance();
    }

    ScheduledQuery get(GetScheduledQueryRequest request) {
        return ScheduledQueryMapper.toProto(catalog.getScheduledQuery(ScheduledQueryMapper.toDomain(request.getKey())));
    }

    ListScheduledExecutionsResponse executions(ListScheduledExecutionsRequest request) {
        return ListScheduledExecutionsResponse.newBuilder()
                .addAllExecutions(
                        catalog.listScheduledExecutions(ScheduledQueryMapper.toDomain(request.getKey())).stream()
                                .map(ScheduledQueryMapper::toProto)
                                .toList())
                .build();
    }

    PollScheduledQueryResponse poll(PollScheduledQueryRequest request) {
        return ScheduledQueryMapper.toProto(catalog.pollScheduledQuery(request.getClusterNamespace()));
    }

    ScheduledExecution progress(ReportScheduledProgressRequest request) {
        return ScheduledQueryMapper.toProto(
                catalog.reportScheduledProgress(ScheduledQueryMapper.toDomain(request, FieldPath.root(""))));
    }
}

package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AlterScheduledQueryRequest;
import dev.lakegate.catalog.v1.CatalogServiceGrpc.CatalogServiceBlockingStub;
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
import dev.lakegate.catalog.v1.ScheduledQueryKey;
import io.grpc.StatusRuntimeException;
import java.util.function.Function;
import java.util.function.Supplier;

/** The scheduled-query calls of a {@link CatalogClient}, with its principal and deadline. */
public final class ScheduledQueries {

    private final Supplier<CatalogServiceBlockingStub> stub;

    ScheduledQueries(Supplier<CatalogServiceBlockingStub> stub) {
        this.stub = requireNonNull(stub, "stub is null");
    }

    public ScheduledQuery create(ScheduledQuery query) {
        return call(stub -> stub.createScheduledQuery(
                CreateScheduledQueryRequest.newBuilder().setQuery(query).build()));
    }

    public ScheduledQuery alter(AlterScheduledQueryRequest request) {
        return call(stub -> stub.alterScheduledQuery(request));
    }

    public ScheduledQuery enable(ScheduledQueryKey key, boolean enabled) {
        return call(stub -> stub.enableScheduledQuery(EnableScheduledQueryRequest.newBuilder()
                .setKey(key)
                .setEnabled(enabled)
                .build()));
    }

    public void drop(ScheduledQueryKey key) {
        call(stub -> stub.dropScheduledQuery(
                DropScheduledQueryRequest.newBuilder().setKey(key).build()));
    }

    public ScheduledQuery get(ScheduledQueryKey key) {
        return call(stub -> stub.getScheduledQuery(
                GetScheduledQueryRequest.newBuilder().setKey(key).build()));
    }

    public ListScheduledExecutionsResponse executions(ScheduledQueryKey key) {
        return call(stub -> stub.listScheduledExecutions(
                ListScheduledExecutionsRequest.newBuilder().setKey(key).build()));
    }

    /** An answer without a query: nothing of the namespace is due. */
    public PollScheduledQueryResponse poll(String clusterNamespace) {
        return call(stub -> stub.pollScheduledQuery(PollScheduledQueryRequest.newBuilder()
                .setClusterNamespace(clusterNamespace)
                .build()));
    }

    public ScheduledExecution progress(ReportScheduledProgressRequest request) {
        return call(stub -> stub.reportScheduledProgress(request));
    }

    private <T> T call(Function<CatalogServiceBlockingStub, T> rpc) {
        try {
            return rpc.apply(stub.get());
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }
}

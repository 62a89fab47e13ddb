package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.ForeignEventMapper;
import dev.lakegate.catalog.server.model.ForeignAppend;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.v1.AppendForeignEventsRequest;
import dev.lakegate.catalog.v1.AppendForeignEventsResponse;
import dev.lakegate.catalog.v1.ForeignEventServiceGrpc;
import dev.lakegate.catalog.v1.SkipForeignEventsRequest;
import dev.lakegate.catalog.v1.SkipForeignEventsResponse;
import io.grpc.stub.StreamObserver;

/**
 * The gRPC door to appending another metastore's log to the event log, and to skipping ranges of it; failures
 * become a status through {@link ErrorMapper}.
 */
final class GrpcForeignEventService extends ForeignEventServiceGrpc.ForeignEventServiceImplBase {

    private final Catalog catalog;

    GrpcForeignEventService(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    @Override
    public void appendForeignEvents(
            AppendForeignEventsRequest request, StreamObserver<AppendForeignEventsResponse> response) {
        UnaryCall.run(response, () -> {
            FieldPath events = FieldPath.root("events");
            ForeignAppend done = catalog.foreignEvents()
                    .append(
                            request.getSource(),
                            events.mapEach(request.getEventsList(), ForeignEventMapper::toDomain),
                            request.getStartAfter(),
                            UnaryCall.context(""));
            return AppendForeignEventsResponse.newBuilder()
                    .setPosition(done.position())
                    .setAppended(done.appended())
                    .build();
        });
    }

    @Override
    public void skipForeignEvents(
            SkipForeignEventsRequest request, StreamObserver<SkipForeignEventsResponse> response) {
        UnaryCall.run(
                response,
                () -> SkipForeignEventsResponse.newBuilder()
                        .setPosition(catalog.foreignEvents()
                                .skip(
                                        request.getSource(),
                                        request.getNamespace(),
                                        request.getAfter(),
                                        request.getUntil(),
                                        UnaryCall.context("")))
                        .build());
    }
}

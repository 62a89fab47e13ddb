package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.lakegate.catalog.server.grpc.mapping.ConstraintMapper;
import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.v1.AddConstraintsRequest;
import dev.lakegate.catalog.v1.AddConstraintsResponse;
import dev.lakegate.catalog.v1.DeleteConstraintRequest;
import dev.lakegate.catalog.v1.ListConstraintsRequest;
import dev.lakegate.catalog.v1.ListConstraintsResponse;

/** The constraint RPCs. */
final class ConstraintRpcs {

    private final Catalog catalog;

    ConstraintRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    AddConstraintsResponse add(AddConstraintsRequest request) {
        return AddConstraintsResponse.newBuilder()
                .addAllConstraints(catalog
                        .addConstraints(
                                TableMapper.toDomain(request.getTable()),
                                FieldPath.root("constraints")
                                        .mapEach(request.getConstraintsList(), ConstraintMapper::toDomain),
                                UnaryCall.context(request.getRequestId()))
                        .stream()
                        .map(ConstraintMapper::toProto)
                        .toList())
                .build();
    }

    ListConstraintsResponse list(ListConstraintsRequest request) {
        return ListConstraintsResponse.newBuilder()
                .addAllConstraints(
                        catalog
                                .listConstraints(TableMapper.toDomain(request.getTable()), request.getReferencing())
                                .stream()
                                .map(ConstraintMapper::toProto)
                                .toList())
                .build();
    }

    Empty delete(DeleteConstraintRequest request) {
        catalog.deleteConstraint(
                TableMapper.toDomain(request.getTable()), request.getName(), UnaryCall.context(request.getRequestId()));
        return Empty.getDefaultInstance();
    }
}

package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.FunctionMapper;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.Page;
import dev.lakegate.catalog.v1.CreateFunctionRequest;
import dev.lakegate.catalog.v1.DeleteFunctionRequest;
import dev.lakegate.catalog.v1.Function;
import dev.lakegate.catalog.v1.GetFunctionRequest;
import dev.lakegate.catalog.v1.ListFunctionsRequest;
import dev.lakegate.catalog.v1.ListFunctionsResponse;
import dev.lakegate.catalog.v1.UpdateFunctionRequest;

/** The function RPCs. */
final class FunctionRpcs {

    private final Catalog catalog;

    FunctionRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    Function create(CreateFunctionRequest request) {
        return FunctionMapper.toProto(catalog.createFunction(
                FunctionMapper.toDomain(request.getFunction(), FieldPath.root("function")),
                UnaryCall.context(request.getRequestId())));
    }

    Function get(GetFunctionRequest request) {
        return FunctionMapper.toProto(
                catalog.getFunction(request.getCatalog(), request.getNamespace(), request.getName()));
    }

    ListFunctionsResponse list(ListFunctionsRequest request) {
        Page<dev.lakegate.catalog.server.model.Function> page = catalog.listFunctions(
                request.getCatalog(),
                request.getNamespace(),
                UnaryCall.page(request.getPageSize(), request.getPageToken()));
        return ListFunctionsResponse.newBuilder()
                .addAllFunctions(
                        page.items().stream().map(FunctionMapper::toProto).toList())
                .setNextPageToken(page.nextPageToken())
                .build();
    }

    Function update(UpdateFunctionRequest request) {
        return FunctionMapper.toProto(catalog.updateFunction(
                request.getCatalog(),
                request.getNamespace(),
                request.getName(),
                FunctionMapper.toDomain(request.getFunction(), FieldPath.root("function")),
                UnaryCall.context(request.getRequestId())));
    }

    Empty delete(DeleteFunctionRequest request) {
        catalog.deleteFunction(
                request.getCatalog(),
                request.getNamespace(),
                request.getName(),
                UnaryCall.context(request.getRequestId()));
        return Empty.getDefaultInstance();
    }
}

package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.NamespaceMapper;
import dev.lakegate.catalog.server.grpc.mapping.ValueMapper;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.Page;
import dev.lakegate.catalog.v1.CreateNamespaceRequest;
import dev.lakegate.catalog.v1.DeleteNamespaceRequest;
import dev.lakegate.catalog.v1.GetNamespaceRequest;
import dev.lakegate.catalog.v1.ListNamespacesRequest;
import dev.lakegate.catalog.v1.ListNamespacesResponse;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;

/** The namespace RPCs: request to domain, call, domain to response. */
final class NamespaceRpcs {

    private final Catalog catalog;

    NamespaceRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    Namespace create(CreateNamespaceRequest request) {
        return NamespaceMapper.toProto(catalog.createNamespace(
                NamespaceMapper.toDomain(request.getNamespace(), FieldPath.root("namespace")),
                UnaryCall.context(request.getRequestId())));
    }

    Namespace get(GetNamespaceRequest request) {
        return NamespaceMapper.toProto(catalog.getNamespace(request.getCatalog(), request.getName()));
    }

    ListNamespacesResponse list(ListNamespacesRequest request) {
        if (request.getNamesOnly()) {
            Page<String> names = catalog.listNamespaceNames(
                    request.getCatalog(), UnaryCall.page(request.getPageSize(), request.getPageToken()));
            return ListNamespacesResponse.newBuilder()
                    .addAllNamespaces(names.items().stream()
                            .map(name -> Namespace.newBuilder().setName(name).build())
                            .toList())
                    .setNextPageToken(names.nextPageToken())
                    .build();
        }
        Page<dev.lakegate.catalog.server.model.Namespace> page = catalog.listNamespaces(
                request.getCatalog(), UnaryCall.page(request.getPageSize(), request.getPageToken()));
        return ListNamespacesResponse.newBuilder()
                .addAllNamespaces(
                        page.items().stream().map(NamespaceMapper::toProto).toList())
                .setNextPageToken(page.nextPageToken())
                .build();
    }

    Namespace update(UpdateNamespaceRequest request) {
        return NamespaceMapper.toProto(catalog.updateNamespace(
                NamespaceMapper.toDomain(request.getNamespace(), FieldPath.root("namespace")),
                ValueMapper.expectedVersion(request.getEtag(), FieldPath.root("etag")),
                UnaryCall.context(request.getRequestId())));
    }

    Empty delete(DeleteNamespaceRequest request) {
        catalog.deleteNamespace(
                request.getCatalog(),
                request.getName(),
                request.getCascade(),
                UnaryCall.context(request.getRequestId()));
        return Empty.getDefaultInstance();
    }
}

package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.OpaqueObjectMapper;
import dev.lakegate.catalog.server.model.OpaqueObjectPage;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.v1.GetOpaqueObjectRequest;
import dev.lakegate.catalog.v1.ListOpaqueObjectsRequest;
import dev.lakegate.catalog.v1.ListOpaqueObjectsResponse;
import dev.lakegate.catalog.v1.OpaqueObject;
import dev.lakegate.catalog.v1.WriteOpaqueObjectsRequest;
import dev.lakegate.catalog.v1.WriteOpaqueObjectsResponse;
import java.util.Optional;

/** The opaque-object RPCs. */
final class OpaqueObjectRpcs {

    private final Catalog catalog;

    OpaqueObjectRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    OpaqueObject get(GetOpaqueObjectRequest request) {
        return OpaqueObjectMapper.toProto(catalog.getOpaqueObject(request.getKind(), request.getKey()));
    }

    ListOpaqueObjectsResponse list(ListOpaqueObjectsRequest request) {
        Optional<String> after =
                request.getPageToken().isEmpty() ? Optional.empty() : Optional.of(request.getPageToken());
        OpaqueObjectPage page = catalog.listOpaqueObjects(
                request.getKind(), request.getKeyPrefix(), after, request.getPageSize(), request.getKeysOnly());
        return ListOpaqueObjectsResponse.newBuilder()
                .addAllObjects(
                        page.objects().stream().map(OpaqueObjectMapper::toProto).toList())
                .setNextPageToken(page.lastKey().orElse(""))
                .build();
    }

    WriteOpaqueObjectsResponse write(WriteOpaqueObjectsRequest request) {
        return WriteOpaqueObjectsResponse.newBuilder()
                .addAllObjects(catalog
                        .writeOpaqueObjects(
                                FieldPath.root("writes").mapEach(request.getWritesList(), OpaqueObjectMapper::toDomain))
                        .stream()
                        .map(OpaqueObjectMapper::toProto)
                        .toList())
                .build();
    }
}

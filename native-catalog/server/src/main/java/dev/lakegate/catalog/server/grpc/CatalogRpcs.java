package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.lakegate.catalog.server.grpc.mapping.CatalogMapper;
import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.v1.CreateCatalogRequest;
import dev.lakegate.catalog.v1.DeleteCatalogRequest;
import dev.lakegate.catalog.v1.GetCatalogRequest;
import dev.lakegate.catalog.v1.ListCatalogsRequest;
import dev.lakegate.catalog.v1.ListCatalogsResponse;
import dev.lakegate.catalog.v1.UpdateCatalogRequest;

/** The catalog RPCs (the top level): request to domain, call, domain to response. */
final class CatalogRpcs {

    private final Catalog catalog;

    CatalogRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    dev.lakegate.catalog.v1.Catalog create(CreateCatalogRequest request) {
        return CatalogMapper.toProto(
                catalog.createCatalog(CatalogMapper.toDomain(request.getCatalog(), FieldPath.root("catalog"))));
    }

    dev.lakegate.catalog.v1.Catalog get(GetCatalogRequest request) {
        return CatalogMapper.toProto(catalog.getCatalog(request.getName()));
    }

    ListCatalogsResponse list(ListCatalogsRequest request) {
        return ListCatalogsResponse.newBuilder()
                .addAllCatalogs(catalog.listCatalogs().stream()
                        .map(CatalogMapper::toProto)
                        .toList())
                .build();
    }

    dev.lakegate.catalog.v1.Catalog update(UpdateCatalogRequest request) {
        return CatalogMapper.toProto(
                catalog.updateCatalog(CatalogMapper.toDomain(request.getCatalog(), FieldPath.root("catalog"))));
    }

    Empty delete(DeleteCatalogRequest request) {
        catalog.deleteCatalog(request.getName());
        return Empty.getDefaultInstance();
    }
}

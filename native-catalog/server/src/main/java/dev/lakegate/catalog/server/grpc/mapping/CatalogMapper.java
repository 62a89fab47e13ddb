package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.NamedCatalog;

/** Catalogs, the top level. */
public final class CatalogMapper {

    private CatalogMapper() {}

    public static dev.lakegate.catalog.v1.Catalog toProto(NamedCatalog catalog) {
        return dev.lakegate.catalog.v1.Catalog.newBuilder()
                .setName(catalog.name())
                .setDescription(catalog.description())
                .setLocation(catalog.location())
                .setCreateTime(ValueMapper.toProto(catalog.createTime()))
                .build();
    }

    public static NamedCatalog toDomain(dev.lakegate.catalog.v1.Catalog catalog, FieldPath path) {
        return new NamedCatalog(
                catalog.getName(),
                catalog.getDescription(),
                catalog.getLocation(),
                ValueMapper.toInstant(catalog.getCreateTime(), path.field("create_time")));
    }
}

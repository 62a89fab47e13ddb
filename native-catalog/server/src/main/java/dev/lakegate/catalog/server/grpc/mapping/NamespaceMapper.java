package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.Namespace;

/** Namespaces; a namespace's etag is its version, like a table's. */
public final class NamespaceMapper {

    private NamespaceMapper() {}

    public static dev.lakegate.catalog.v1.Namespace toProto(Namespace namespace) {
        return dev.lakegate.catalog.v1.Namespace.newBuilder()
                .setName(namespace.name())
                .setLocation(namespace.location())
                .setComment(namespace.comment())
                .setOwner(namespace.owner())
                .setOwnerType(ValueMapper.toProto(namespace.ownerType()))
                .putAllProperties(namespace.properties())
                .setCreateTime(ValueMapper.toProto(namespace.createTime()))
                .setVersion(namespace.version())
                .setEtag(ValueMapper.etag(namespace.version()))
                .setCatalog(namespace.catalog())
                .build();
    }

    public static Namespace toDomain(dev.lakegate.catalog.v1.Namespace namespace, FieldPath path) {
        return new Namespace(
                namespace.getName(),
                namespace.getLocation(),
                namespace.getComment(),
                namespace.getOwner(),
                ValueMapper.toDomain(namespace.getOwnerType(), path.field("owner_type")),
                namespace.getPropertiesMap(),
                ValueMapper.toInstant(namespace.getCreateTime(), path.field("create_time")),
                namespace.getVersion(),
                namespace.getCatalog());
    }
}

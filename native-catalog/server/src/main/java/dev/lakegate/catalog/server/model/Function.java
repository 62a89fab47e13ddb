package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;

public record Function(
        String namespace,
        String name,
        String className,
        String owner,
        PrincipalType ownerType,
        List<Resource> resources,
        Instant createTime,
        String catalog) {

    public Function {
        requireNonNull(namespace, "namespace is null");
        requireNonNull(name, "name is null");
        className = Namespace.nullToEmpty(className);
        owner = Namespace.nullToEmpty(owner);
        ownerType = ownerType == null ? PrincipalType.USER : ownerType;
        resources = List.copyOf(resources);
        requireNonNull(createTime, "createTime is null");
        catalog = catalog == null || catalog.isEmpty() ? NamedCatalog.DEFAULT : catalog;
    }

    public Function withCreateTime(Instant time) {
        return new Function(namespace, name, className, owner, ownerType, resources, time, catalog);
    }

    public Function withName(String newNamespace, String newName) {
        return new Function(newNamespace, newName, className, owner, ownerType, resources, createTime, catalog);
    }

    public Function withCatalog(String newCatalog) {
        return new Function(namespace, name, className, owner, ownerType, resources, createTime, newCatalog);
    }

    public enum ResourceType {
        JAR,
        FILE,
        ARCHIVE
    }

    public record Resource(ResourceType type, String uri) {
        public Resource {
            requireNonNull(type, "type is null");
            requireNonNull(uri, "uri is null");
        }
    }
}

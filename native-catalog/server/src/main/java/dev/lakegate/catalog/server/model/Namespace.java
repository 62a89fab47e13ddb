package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Map;

/**
 * A namespace (an HMS database) of one catalog. Empty strings mean "not set", as on the wire; an empty
 * catalog is the default one (documents written before catalogs existed carry none).
 */
public record Namespace(
        String name,
        String location,
        String comment,
        String owner,
        PrincipalType ownerType,
        Map<String, String> properties,
        Instant createTime,
        long version,
        String catalog) {

    public Namespace {
        requireNonNull(name, "name is null");
        location = nullToEmpty(location);
        comment = nullToEmpty(comment);
        owner = nullToEmpty(owner);
        ownerType = ownerType == null ? PrincipalType.USER : ownerType;
        properties = Map.copyOf(requireNonNull(properties, "properties is null"));
        requireNonNull(createTime, "createTime is null");
        catalog = catalog == null || catalog.isEmpty() ? NamedCatalog.DEFAULT : catalog;
    }

    public static Namespace of(String name) {
        return new Namespace(name, "", "", "", PrincipalType.USER, Map.of(), Instant.EPOCH, 0, "");
    }

    public Namespace withName(String newName) {
        return new Namespace(newName, location, comment, owner, ownerType, properties, createTime, version, catalog);
    }

    public Namespace withLocation(String newLocation) {
        return new Namespace(name, newLocation, comment, owner, ownerType, properties, createTime, version, catalog);
    }

    public Namespace withProperties(Map<String, String> newProperties) {
        return new Namespace(name, location, comment, owner, ownerType, newProperties, createTime, version, catalog);
    }

    public Namespace withCreateTime(Instant time) {
        return new Namespace(name, location, comment, owner, ownerType, properties, time, version, catalog);
    }

    public Namespace withVersion(long newVersion) {
        return new Namespace(name, location, comment, owner, ownerType, properties, createTime, newVersion, catalog);
    }

    public Namespace withCatalog(String newCatalog) {
        return new Namespace(name, location, comment, owner, ownerType, properties, createTime, version, newCatalog);
    }

    static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}

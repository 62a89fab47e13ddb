package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Map;

/** A namespace (an HMS database). Empty strings mean "not set", as on the wire. */
public record Namespace(
        String name,
        String location,
        String comment,
        String owner,
        PrincipalType ownerType,
        Map<String, String> properties,
        Instant createTime,
        long version) {

    public Namespace {
        requireNonNull(name, "name is null");
        location = nullToEmpty(location);
        comment = nullToEmpty(comment);
        owner = nullToEmpty(owner);
        ownerType = ownerType == null ? PrincipalType.USER : ownerType;
        properties = Map.copyOf(requireNonNull(properties, "properties is null"));
        requireNonNull(createTime, "createTime is null");
    }

    public static Namespace of(String name) {
        return new Namespace(name, "", "", "", PrincipalType.USER, Map.of(), Instant.EPOCH, 0);
    }

    public Namespace withName(String newName) {
        return new Namespace(newName, location, comment, owner, ownerType, properties, createTime, version);
    }

    public Namespace withLocation(String newLocation) {
        return new Namespace(name, newLocation, comment, owner, ownerType, properties, createTime, version);
    }

    public Namespace withProperties(Map<String, String> newProperties) {
        return new Namespace(name, location, comment, owner, ownerType, newProperties, createTime, version);
    }

    public Namespace withCreateTime(Instant time) {
        return new Namespace(name, location, comment, owner, ownerType, properties, time, version);
    }

    public Namespace withVersion(long newVersion) {
        return new Namespace(name, location, comment, owner, ownerType, properties, createTime, newVersion);
    }

    static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}

package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * An object of a kind the catalog does not model, kept for a client that does: the catalog never
 * reads its body. Its version is 1 when created and one more on each write, so a client can make a
 * write conditional on the version it read.
 */
public record OpaqueObject(String kind, String key, long version, byte[] body, Instant updateTime) {

    public OpaqueObject {
        requireNonNull(kind, "kind is null");
        requireNonNull(key, "key is null");
        requireNonNull(body, "body is null");
        requireNonNull(updateTime, "updateTime is null");
    }
}

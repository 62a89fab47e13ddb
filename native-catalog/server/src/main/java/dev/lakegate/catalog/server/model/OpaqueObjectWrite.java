package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * One write of a batch: a new body for the object (created if it does not exist) or, with no body,
 * its deletion; applied only if the object is at the expected version (0: does not exist), if one
 * is given.
 */
public record OpaqueObjectWrite(String kind, String key, Optional<byte[]> body, OptionalLong expectedVersion) {

    public OpaqueObjectWrite {
        requireNonNull(kind, "kind is null");
        requireNonNull(key, "key is null");
        requireNonNull(body, "body is null");
        requireNonNull(expectedVersion, "expectedVersion is null");
    }

    public boolean deletes() {
        return body.isEmpty();
    }
}

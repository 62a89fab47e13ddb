package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/** A page of opaque objects in key order, and the key the next page goes on after, if there is one. */
public record OpaqueObjectPage(List<OpaqueObject> objects, Optional<String> lastKey) {

    public OpaqueObjectPage {
        objects = List.copyOf(objects);
        requireNonNull(lastKey, "lastKey is null");
    }
}

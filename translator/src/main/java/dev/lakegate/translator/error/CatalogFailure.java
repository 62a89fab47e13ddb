package dev.lakegate.translator.error;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.ErrorReason;
import java.util.Map;

/**
 * A failure as the catalog reported it, whatever carried it: the catalog's reason, its message and the
 * metadata of its {@code ErrorInfo}. The translator words HMS failures from this alone, so it needs no
 * catalog client to compile.
 */
public record CatalogFailure(ErrorReason reason, String message, Map<String, String> metadata) {

    public CatalogFailure {
        requireNonNull(reason, "reason is null");
        requireNonNull(message, "message is null");
        metadata = Map.copyOf(metadata);
    }

    public boolean is(ErrorReason candidate) {
        return reason == candidate;
    }
}

package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.CatalogException;
import java.time.Duration;

/** The time-to-live a caller asks for (leases, transactions): zero means the default, else within bounds. */
final class Ttls {

    private Ttls() {}

    static Duration within(Duration requested, Duration fallback, Duration min, Duration max) {
        if (requested == null || requested.isZero()) {
            return fallback;
        }
        if (requested.compareTo(min) < 0 || requested.compareTo(max) > 0) {
            throw CatalogException.invalidArgument(
                    "ttl_ms",
                    "ttl of " + requested.toMillis() + " ms is out of range: it must be between " + min.toMillis()
                            + " and " + max.toMillis());
        }
        return requested;
    }
}

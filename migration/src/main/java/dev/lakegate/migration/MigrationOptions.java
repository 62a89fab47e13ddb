package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.legacy.DatabaseRoutes;
import java.net.URI;
import java.time.Duration;

/**
 * What a migration works on. {@code legacy}: the Hive Metastore to migrate from (thrift://host:port);
 * {@code catalog}: the catalog's gRPC address (host:port); {@code databases}: an HMS pattern of the
 * databases to work on; {@code settle}: how long cutover and rollback, having held writes, wait for writes
 * the gateways let through before to land — at least {@link DatabaseRoutes#WRITE_GRACE}, for which a gateway
 * acknowledges such a write; {@code warehouse}: the root for anything copied without a location.
 */
public record MigrationOptions(URI legacy, String catalog, String databases, Duration settle, String warehouse) {

    public MigrationOptions {
        requireNonNull(legacy, "legacy is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(databases, "databases is null");
        requireNonNull(settle, "settle is null");
        if (settle.compareTo(DatabaseRoutes.WRITE_GRACE) < 0) {
            throw new IllegalArgumentException("settle " + settle.toMillis() + " ms is shorter than the "
                    + DatabaseRoutes.WRITE_GRACE.toMillis() + " ms in which a gateway acknowledges a write");
        }
        requireNonNull(warehouse, "warehouse is null");
    }
}

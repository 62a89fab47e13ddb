package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.time.Duration;

/**
 * What a migration works on. {@code legacy}: the Hive Metastore to migrate from (thrift://host:port);
 * {@code catalog}: the catalog's gRPC address (host:port); {@code databases}: an HMS pattern of the
 * databases to work on; {@code settle}: how long cutover and rollback hold writes before making the
 * last changes, which must be longer than the gateways keep a route; {@code warehouse}: the root for
 * anything copied without a location.
 */
public record MigrationOptions(URI legacy, String catalog, String databases, Duration settle, String warehouse) {

    public MigrationOptions {
        requireNonNull(legacy, "legacy is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(databases, "databases is null");
        requireNonNull(settle, "settle is null");
        requireNonNull(warehouse, "warehouse is null");
    }
}

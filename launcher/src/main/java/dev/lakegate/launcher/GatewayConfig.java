package dev.lakegate.launcher;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import dev.lakegate.catalog.server.service.CatalogSettings;
import dev.lakegate.hms.handler.limits.Limits;
import dev.lakegate.hms.handler.tables.ManagedTables;
import dev.lakegate.hms.server.auth.ThriftAuthentication;
import dev.lakegate.hms.server.auth.UserGroups;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How a gateway is put together. {@code grpcPort} -1 serves the embedded catalog in-process only;
 * a remote catalog leaves {@code store} unused. {@code tableFiles}: how the embedded catalog reaches table
 * files and the warehouse its directories. {@code legacy}: a running Hive Metastore to front
 * (thrift://host:port), which answers for the databases the catalog does not own, each call within
 * {@code legacyTimeoutSeconds}. {@code maxInFlightBytes} and {@code maxConnectionInFlightBytes} bound
 * the Thrift request bytes held at once by the server and by one connection; 0 takes the default (an
 * eighth of the heap, and the maximum message size). {@code replyReadTimeoutSeconds}: how long a client
 * may read none of the replies waiting for it before its connection is closed. {@code limits}: what
 * one HMS call may carry ({@code --limit}). {@code managedTables}: what a created managed table that is not
 * transactional becomes ({@code --managed-tables}). {@code catalogSettings}: the embedded catalog's
 * ({@code --transaction-events}). {@code grpcTokens}: whether the embedded catalog's TCP listener takes only calls
 * with a bearer token; {@code catalogToken}: the token sent to a remote catalog. {@code thriftAuthentication}:
 * SASL on the Thrift port ({@code --thrift-auth}); {@code thriftUserGroups}: where its callers' groups come from
 * ({@code --thrift-user-groups}). {@code authorization}: how the
 * embedded catalog authorizes calls ({@code --authorization} and its kin; a remote catalog authorizes calls itself).
 */
record GatewayConfig(
        String thriftHost,
        int thriftPort,
        String grpcHost,
        int grpcPort,
        StoreOptions store,
        TableFileOptions tableFiles,
        Optional<HostAndPort> remoteCatalog,
        String warehouse,
        int maxMessageSize,
        int workerThreads,
        long maxInFlightBytes,
        long maxConnectionInFlightBytes,
        int replyReadTimeoutSeconds,
        int lockTimeoutSeconds,
        Optional<URI> legacy,
        int legacyTimeoutSeconds,
        Limits limits,
        Optional<Path> expressions,
        ManagedTables managedTables,
        CatalogSettings catalogSettings,
        GrpcTokenOptions grpcTokens,
        CatalogTokenOptions catalogToken,
        Optional<ThriftAuthentication> thriftAuthentication,
        AuthorizationSettings authorization,
        UserGroups thriftUserGroups) {

    GatewayConfig {
        requireNonNull(thriftHost, "thriftHost is null");
        requireNonNull(grpcHost, "grpcHost is null");
        requireNonNull(store, "store is null");
        requireNonNull(tableFiles, "tableFiles is null");
        requireNonNull(remoteCatalog, "remoteCatalog is null");
        requireNonNull(warehouse, "warehouse is null");
        requireNonNull(legacy, "legacy is null");
        requireNonNull(limits, "limits is null");
        requireNonNull(expressions, "expressions is null");
        requireNonNull(managedTables, "managedTables is null");
        requireNonNull(catalogSettings, "catalogSettings is null");
        requireNonNull(grpcTokens, "grpcTokens is null");
        requireNonNull(catalogToken, "catalogToken is null");
        requireNonNull(thriftAuthentication, "thriftAuthentication is null");
        requireNonNull(authorization, "authorization is null");
        requireNonNull(thriftUserGroups, "thriftUserGroups is null");
        if (maxInFlightBytes < 0 || maxConnectionInFlightBytes < 0) {
            throw new IllegalArgumentException("in-flight byte limits must be positive, or 0 for the default: "
                    + maxInFlightBytes + ", " + maxConnectionInFlightBytes);
        }
        if (replyReadTimeoutSeconds < 1) {
            throw new IllegalArgumentException(
                    "reply-read timeout must be at least 1 second: " + replyReadTimeoutSeconds);
        }
        if (legacyTimeoutSeconds < 1) {
            throw new IllegalArgumentException("legacy timeout must be at least 1 second: " + legacyTimeoutSeconds);
        }
        if (lockTimeoutSeconds < 1) {
            throw new IllegalArgumentException("lock timeout must be at least 1 second: " + lockTimeoutSeconds);
        }
    }
}

package dev.lakegate.launcher;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * How a gateway is put together. {@code grpcPort} -1 serves the embedded catalog in-process only;
 * a remote catalog leaves {@code store} unused.
 */
record GatewayConfig(
        String thriftHost,
        int thriftPort,
        String grpcHost,
        int grpcPort,
        StoreOptions store,
        Optional<HostAndPort> remoteCatalog,
        String warehouse,
        int maxMessageSize,
        int workerThreads,
        int lockTimeoutSeconds) {

    GatewayConfig {
        requireNonNull(thriftHost, "thriftHost is null");
        requireNonNull(grpcHost, "grpcHost is null");
        requireNonNull(store, "store is null");
        requireNonNull(remoteCatalog, "remoteCatalog is null");
        requireNonNull(warehouse, "warehouse is null");
        if (lockTimeoutSeconds < 1) {
            throw new IllegalArgumentException("lock timeout must be at least 1 second: " + lockTimeoutSeconds);
        }
    }
}

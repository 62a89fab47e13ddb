package dev.lakegate.launcher;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogTls;
import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import dev.lakegate.catalog.server.grpc.CatalogGrpcServer;
import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.service.AcidHousekeeper;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import dev.lakegate.expressions.ExpressionReaders;
import dev.lakegate.hms.endpoint.HmsEndpoint;
import dev.lakegate.hms.handler.HmsAreas;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.handler.tables.DefaultDatabase;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The gateway process: the Thrift facade in front of a catalog that is either embedded (its store
 * here, reached through an in-process gRPC channel and also served on a gRPC port) or remote.
 * Closing it stops the parts in reverse order of starting.
 */
public final class Gateway implements AutoCloseable {

    private final HmsEndpoint thrift;
    private final Optional<JdbcCatalogStore> store;
    private final Optional<CatalogGrpcServer> grpc;
    private final boolean grpcListening;
    private final Warehouse warehouse;
    private final List<AutoCloseable> parts;

    private Gateway(
            HmsEndpoint thrift,
            Optional<JdbcCatalogStore> store,
            Optional<CatalogGrpcServer> grpc,
            boolean grpcListening,
            Warehouse warehouse,
            List<AutoCloseable> parts) {
        this.thrift = thrift;
        this.store = store;
        this.grpc = grpc;
        this.grpcListening = grpcListening;
        this.warehouse = warehouse;
        this.parts = parts;
    }

    public static Gateway start(GatewayConfig config) throws IOException {
        return start(config, GatewayTls.NONE);
    }

    /** A gateway whose doors use {@code tls} where it says so. */
    static Gateway start(GatewayConfig config, GatewayTls tls) throws IOException {
        requireNonNull(config, "config is null");
        requireNonNull(tls, "tls is null");
        List<AutoCloseable> started = new ArrayList<>();
        try {
            Optional<CatalogGrpcServer> grpc = Optional.empty();
            Optional<JdbcCatalogStore> embedded = Optional.empty();
            CatalogClient client;
            if (config.remoteCatalog().isPresent()) {
                HostAndPort remote = config.remoteCatalog().get();
                CatalogClient connection =
                        CatalogClient.forAddress(remote.host(), remote.port(), CatalogTls.credentials(tls.catalog()));
                started.add(connection);
                client = config.catalogToken().authenticated(connection);
            } else {
                JdbcCatalogStore store = config.store().open();
                started.add(store);
                TableFileIO files = config.tableFiles().open();
                started.add(files);
                CatalogService catalog = new CatalogService(store, files, config.catalogSettings());
                started.add(AcidHousekeeper.start(catalog.acidTransactions(), AcidHousekeeper.INTERVAL));
                String name = "lakegate-catalog-" + UUID.randomUUID();
                CatalogGrpcServer.Builder server = CatalogGrpcServer.builder(catalog, catalog)
                        .inProcess(name)
                        .authorization(config.authorization());
                if (config.grpcPort() >= 0) {
                    server.listen(config.grpcHost(), config.grpcPort());
                    tls.grpc().ifPresent(server::tls);
                    config.grpcTokens().authentication().ifPresent(server::authenticateNetworkCalls);
                }
                CatalogGrpcServer running = server.start();
                grpc = Optional.of(running);
                started.add(running);
                store.whenDead(death -> running.reportNotServing());
                embedded = Optional.of(store);
                client = CatalogClient.inProcess(name);
                started.add(client);
            }
            Warehouse warehouse =
                    new Warehouse(config.warehouse(), config.tableFiles().warehouseFiles());
            warehouse.create(warehouse.root());
            if (embedded.isPresent()) {
                makeDefaultDatabaseAsAdmin(client, warehouse, config.authorization());
            }
            HmsEndpoint.Builder endpoint = HmsEndpoint.builder(client, warehouse)
                    .settings(HmsAreas.defaultSettings(warehouse)
                            .withLockTimeoutSeconds(config.lockTimeoutSeconds())
                            .withManagedTables(config.managedTables()))
                    .listen(config.thriftHost(), config.thriftPort())
                    .maxMessageSize(config.maxMessageSize())
                    .limits(config.limits())
                    .workerThreads(config.workerThreads())
                    .maxInFlightBytes(config.maxInFlightBytes())
                    .maxConnectionInFlightBytes(config.maxConnectionInFlightBytes())
                    .replyReadTimeout(Duration.ofSeconds(config.replyReadTimeoutSeconds()));
            tls.thrift().ifPresent(endpoint::tls);
            config.legacy()
                    .ifPresent(uri -> endpoint.inFrontOf(uri, Duration.ofSeconds(config.legacyTimeoutSeconds())));
            config.expressions().map(ExpressionReaders::load).ifPresent(endpoint::partitionExpressions);
            config.thriftAuthentication().ifPresent(endpoint::authentication);
            endpoint.userGroups(config.thriftUserGroups());
            HmsEndpoint thrift = endpoint.start();
            started.add(thrift);
            return new Gateway(thrift, embedded, grpc, grpc.isPresent() && config.grpcPort() >= 0, warehouse, started);
        } catch (IOException | RuntimeException e) {
            closeAll(started, e);
            throw e;
        }
    }

    /**
     * HMS makes database {@code default} when it starts, as the server (owned by role public, so every user's).
     * The facade makes it at the first database or table call, as that call's user; with authorization on, a
     * user without a global grant can neither make it nor read it while it is missing, so each such call was
     * refused on {@code default} until an admin's or a globally granted user's call came. The embedded catalog's
     * gateway makes it first, as an admin (the first by name; with none configured, as before).
     */
    private static void makeDefaultDatabaseAsAdmin(
            CatalogClient client, Warehouse warehouse, AuthorizationSettings authorization) {
        if (authorization.active()) {
            authorization.admins().stream()
                    .sorted()
                    .findFirst()
                    .ifPresent(admin -> new DefaultDatabase(warehouse.root()).ensure(client.withPrincipal(admin)));
        }
    }

    /**
     * Calls {@code listener} once if the embedded catalog's store dies (at once if it is dead); by then
     * its gRPC health answers NOT_SERVING. A remote catalog is not this process's to watch.
     */
    public void whenStoreDead(Consumer<CatalogException> listener) {
        store.ifPresent(embedded -> embedded.whenDead(listener));
    }

    public int thriftPort() {
        return thrift.port();
    }

    /** The gRPC port of the embedded catalog, if it listens on one. */
    public Optional<Integer> grpcPort() {
        return grpcListening ? grpc.map(CatalogGrpcServer::port) : Optional.empty();
    }

    public String warehouse() {
        return warehouse.root();
    }

    @Override
    public void close() {
        closeAll(parts, null);
    }

    private static void closeAll(List<AutoCloseable> parts, Throwable failure) {
        for (int i = parts.size() - 1; i >= 0; i--) {
            try {
                parts.get(i).close();
            } catch (Exception e) {
                if (failure != null) {
                    failure.addSuppressed(e);
                }
            }
        }
    }
}

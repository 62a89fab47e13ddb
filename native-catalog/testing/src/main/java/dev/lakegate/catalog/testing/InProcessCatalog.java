package dev.lakegate.catalog.testing;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import dev.lakegate.catalog.server.grpc.CatalogGrpcServer;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import dev.lakegate.catalog.server.store.StoreConfig;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The real catalog for the tests of its callers: {@link CatalogService} on a real store, reached only
 * through its gRPC contract, on an in-process channel and, when asked, on a loopback port. The store
 * is embedded H2 in a folder of its own unless a PostgreSQL database is named, which several catalogs
 * may share as several gateway processes do. The clients it hands out are closed with it; closing
 * stops the parts in reverse order of starting and deletes the H2 folder.
 */
public final class InProcessCatalog implements AutoCloseable {

    private final CatalogGrpcServer server;
    private final StoreConfig store;
    private final String name;
    private final List<AutoCloseable> parts;
    private final List<CatalogClient> clients = new ArrayList<>();

    private InProcessCatalog(CatalogGrpcServer server, StoreConfig store, String name, List<AutoCloseable> parts) {
        this.server = server;
        this.store = store;
        this.name = name;
        this.parts = List.copyOf(parts);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A new client over the in-process channel, as an embedded gateway reaches its catalog. */
    public synchronized CatalogClient client() {
        return kept(CatalogClient.inProcess(name));
    }

    /** A new client over the loopback port; the catalog must have been built to {@link Builder#listen()}. */
    public synchronized CatalogClient remoteClient() {
        return kept(CatalogClient.forAddress("127.0.0.1", port()));
    }

    /** The loopback port; an {@link IllegalStateException} unless built to {@link Builder#listen()}. */
    public int port() {
        return server.port();
    }

    /**
     * A connection of its own to the catalog's database, as another writer sharing the database has one:
     * for tests that hold a row the catalog then has to wait for.
     */
    public Connection connectToStore() throws SQLException {
        return DriverManager.getConnection(store.jdbcUrl(), store.user(), store.password());
    }

    private CatalogClient kept(CatalogClient client) {
        clients.add(client);
        return client;
    }

    @Override
    public void close() {
        List<AutoCloseable> all = new ArrayList<>(parts);
        synchronized (this) {
            all.addAll(clients);
            clients.clear();
        }
        Parts.closeInReverse(all, Optional.empty());
    }

    public static final class Builder {

        private Optional<StoreConfig> postgres = Optional.empty();
        private boolean listen;
        private AuthorizationSettings authorization = AuthorizationSettings.OFF;

        private Builder() {}

        /**
         * Enforces authorization with these admins, objects nobody holds a grant on closed, as
         * {@code lakegate serve --authorization enforce --authorization-admins ...} (no audit log).
         */
        public Builder enforcingAuthorization(Set<String> admins) {
            authorization = new AuthorizationSettings(AuthorizationMode.ENFORCE, admins, false, Optional.empty());
            return this;
        }

        /** The store on this PostgreSQL database instead of a fresh embedded H2 one. */
        public Builder postgres(String jdbcUrl, String user, String password) {
            requireNonNull(jdbcUrl, "jdbcUrl is null");
            postgres = Optional.of(StoreConfig.postgres(jdbcUrl, user, password));
            return this;
        }

        /** Serves on 127.0.0.1 too, on a free port ({@link InProcessCatalog#port()}). */
        public Builder listen() {
            listen = true;
            return this;
        }

        public InProcessCatalog start() throws IOException {
            List<AutoCloseable> started = new ArrayList<>();
            try {
                StoreConfig store;
                if (postgres.isPresent()) {
                    store = postgres.get();
                } else {
                    ScratchDirectory folder = ScratchDirectory.create("lakegate-catalog-");
                    started.add(folder);
                    store = StoreConfig.h2(folder.path());
                }
                JdbcCatalogStore opened = JdbcCatalogStore.open(store);
                started.add(opened);
                CatalogService catalog = new CatalogService(opened);
                String name = "lakegate-catalog-" + UUID.randomUUID();
                CatalogGrpcServer.Builder server = CatalogGrpcServer.builder(catalog, catalog)
                        .inProcess(name)
                        .authorization(authorization);
                if (listen) {
                    server.listen(0);
                }
                CatalogGrpcServer serving = server.start();
                started.add(serving);
                return new InProcessCatalog(serving, store, name, started);
            } catch (IOException | RuntimeException e) {
                Parts.closeInReverse(started, Optional.of(e));
                throw e;
            }
        }
    }
}

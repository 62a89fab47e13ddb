package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.testing.InProcessCatalog;
import dev.lakegate.catalog.testing.Parts;
import dev.lakegate.catalog.testing.ScratchDirectory;
import dev.lakegate.hms.endpoint.HmsEndpoint;
import dev.lakegate.hms.handler.limits.Limits;
import dev.lakegate.hms.handler.tables.ManagedTables;
import dev.lakegate.hms.server.ThriftServerStats;
import dev.lakegate.hms.server.ThriftTls;
import dev.lakegate.hms.server.auth.ThriftAuthentication;
import dev.lakegate.hms.server.auth.UserGroups;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The facade wired as an embedded gateway wires it: every HMS area over the real catalog (in this JVM,
 * reached through its gRPC contract), a warehouse in a folder of its own, a Thrift server on a free
 * loopback port and, when asked, a legacy router in front of another metastore. Registered with
 * {@code @RegisterExtension} in a static field it serves the whole test class, in an instance field
 * each test; {@link #start()} and {@link #close()} serve a test that runs one itself.
 */
public final class FacadeGateway
        implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback, AutoCloseable {

    // lakegate serve's settings where they matter to a test; fewer workers and a short legacy timeout.
    private static final int WORKER_THREADS = 16;
    private static final int LOCK_TIMEOUT_SECONDS = 300;
    private static final Duration LEGACY_TIMEOUT = Duration.ofSeconds(2);
    /** How often a front reads the legacy log for events to copy: tests wait on it. */
    private static final Duration LEGACY_EVENTS_INTERVAL = Duration.ofMillis(200);
    // Tests assert answers, not latency (the benchmarks measure that): on two cores shared with other builds a
    // heavy call (8 clients listing 100 databases of 2 MB each) took longer than 30 s once.
    private static final int CLIENT_TIMEOUT_MILLIS = 120_000;

    private final InProcessCatalog.Builder catalogBuilder;
    private Optional<Supplier<URI>> legacy = Optional.empty();
    private Limits limits = Limits.DEFAULTS;
    private ManagedTables managedTables = ManagedTables.BY_CLIENT;
    private Optional<Warehouse> warehouseOverride = Optional.empty();
    private Optional<io.grpc.ClientInterceptor> catalogInterceptor = Optional.empty();
    private Optional<ThriftTls> tls = Optional.empty();
    private Optional<ThriftAuthentication> authentication = Optional.empty();
    private UserGroups userGroups = UserGroups.fromSetUgi();
    private boolean perClass;
    private Optional<Running> running = Optional.empty();

    private record Running(
            ScratchDirectory folder,
            InProcessCatalog catalog,
            CatalogClient testClient,
            HmsEndpoint thrift,
            List<AutoCloseable> parts,
            List<TSocket> sockets) {}

    private FacadeGateway(InProcessCatalog.Builder catalogBuilder) {
        this.catalogBuilder = requireNonNull(catalogBuilder, "catalogBuilder is null");
    }

    /** A gateway whose catalog is on embedded H2 in a folder of its own. */
    public static FacadeGateway create() {
        return create(InProcessCatalog.builder());
    }

    /** A gateway whose catalog {@code catalog} starts (a PostgreSQL database two gateways share, say). */
    public static FacadeGateway create(InProcessCatalog.Builder catalog) {
        return new FacadeGateway(catalog);
    }

    /** Fronts the metastore at {@code uri} (thrift://host:port), as {@code lakegate serve --legacy}. */
    public FacadeGateway inFrontOf(URI uri) {
        requireNonNull(uri, "uri is null");
        legacy = Optional.of(() -> uri);
        return this;
    }

    /** Puts {@code interceptor} between the facade and its catalog (to act in the middle of a call). */
    public FacadeGateway catalogInterceptor(io.grpc.ClientInterceptor interceptor) {
        this.catalogInterceptor = Optional.of(requireNonNull(interceptor, "interceptor is null"));
        return this;
    }

    /** Bounds calls by {@code limits}, as {@code lakegate serve --limit}. */
    public FacadeGateway limits(Limits limits) {
        this.limits = requireNonNull(limits, "limits is null");
        return this;
    }

    /** Treats created managed tables as {@code managed} says, as {@code lakegate serve --managed-tables}. */
    public FacadeGateway managedTables(ManagedTables managed) {
        this.managedTables = requireNonNull(managed, "managed is null");
        return this;
    }

    /** Serves {@code warehouse} instead of a local one in the gateway's scratch folder. */
    public FacadeGateway warehouse(Warehouse warehouse) {
        this.warehouseOverride = Optional.of(requireNonNull(warehouse, "warehouse is null"));
        return this;
    }

    /** Serves over TLS, as {@code lakegate serve --thrift-tls-keystore}. */
    public FacadeGateway tls(ThriftTls tls) {
        this.tls = Optional.of(requireNonNull(tls, "tls is null"));
        return this;
    }

    /** Takes SASL clients only, as {@code lakegate serve --thrift-auth}. */
    public FacadeGateway authentication(ThriftAuthentication authentication) {
        this.authentication = Optional.of(requireNonNull(authentication, "authentication is null"));
        return this;
    }

    /** Takes its callers' groups from {@code groups}, as {@code lakegate serve --thrift-user-groups}. */
    public FacadeGateway userGroups(UserGroups groups) {
        this.userGroups = requireNonNull(groups, "groups is null");
        return this;
    }

    /** Fronts {@code other}, which must be started first (registered before this one). */
    public FacadeGateway inFrontOf(FacadeGateway other) {
        requireNonNull(other, "other is null");
        legacy = Optional.of(() -> URI.create("thrift://127.0.0.1:" + other.thriftPort()));
        return this;
    }

    public synchronized FacadeGateway start() throws IOException {
        if (running.isPresent()) {
            throw new IllegalStateException("the gateway is already running");
        }
        List<AutoCloseable> started = new ArrayList<>();
        try {
            ScratchDirectory folder = ScratchDirectory.create("lakegate-facade-");
            started.add(folder);
            InProcessCatalog catalog = catalogBuilder.start();
            started.add(catalog);
            CatalogClient client =
                    catalogInterceptor.map(catalog.client()::intercepted).orElse(catalog.client());
            Warehouse warehouse = warehouseOverride.orElseGet(() ->
                    new Warehouse("file:" + folder.path().resolve("warehouse").toAbsolutePath()));
            warehouse.create(warehouse.root());
            HmsEndpoint.Builder endpoint = HmsEndpoint.builder(client, warehouse)
                    .settings(HmsAreas.defaultSettings(warehouse)
                            .withLockTimeoutSeconds(LOCK_TIMEOUT_SECONDS)
                            .withManagedTables(managedTables))
                    .listen("127.0.0.1", 0)
                    .limits(limits)
                    .workerThreads(WORKER_THREADS);
            legacy.ifPresent(
                    uri -> endpoint.inFrontOf(uri.get(), LEGACY_TIMEOUT).legacyEventsInterval(LEGACY_EVENTS_INTERVAL));
            tls.ifPresent(endpoint::tls);
            authentication.ifPresent(endpoint::authentication);
            endpoint.userGroups(userGroups);
            HmsEndpoint thrift = endpoint.start();
            started.add(thrift);
            running = Optional.of(new Running(folder, catalog, catalog.client(), thrift, started, new ArrayList<>()));
            return this;
        } catch (IOException | RuntimeException e) {
            Parts.closeInReverse(started, Optional.of(e));
            throw e;
        }
    }

    /** The running endpoint's reply budget, to see what calls hold. */
    public ReplyBudget replies() {
        return running().thrift().replies();
    }

    public int thriftPort() {
        return running().thrift().port();
    }

    /** The Thrift server's counters: connections, calls, in-flight request bytes. */
    public ThriftServerStats stats() {
        return running().thrift().stats();
    }

    /** The warehouse root as the gateway reports it: a {@code file:} URI unless another warehouse was given. */
    public String warehouse() {
        return warehouseOverride.map(Warehouse::root).orElseGet(() -> "file:" + warehousePath());
    }

    public Path warehousePath() {
        return running().folder().path().resolve("warehouse").toAbsolutePath();
    }

    /** A connection of another writer to the catalog's database (see {@link InProcessCatalog#connectToStore}). */
    public Connection connectToStore() throws SQLException {
        return running().catalog().connectToStore();
    }

    /** A client of the catalog behind the facade, over its gRPC contract; closed with the gateway. */
    public CatalogClient catalog() {
        return running().testClient();
    }

    /** A raw Thrift client of the HMS API (binary protocol, unframed, as Hive's clients default to). */
    public ThriftHiveMetastore.Client client() throws TException {
        return new ThriftHiveMetastore.Client(new TBinaryProtocol(socket()));
    }

    /** An open connection to the Thrift port; closed with the gateway unless closed before. */
    public TSocket socket() throws TException {
        TSocket socket = new TSocket("127.0.0.1", thriftPort(), CLIENT_TIMEOUT_MILLIS);
        List<TSocket> sockets = running().sockets();
        synchronized (sockets) {
            sockets.add(socket);
        }
        socket.open();
        return socket;
    }

    /** A Thrift client that has called {@code set_ugi} as {@code user}. */
    public ThriftHiveMetastore.Client client(String user) throws TException {
        ThriftHiveMetastore.Client client = client();
        client.set_ugi(user, List.of());
        return client;
    }

    private synchronized Running running() {
        return running.orElseThrow(() -> new IllegalStateException("the gateway is not running"));
    }

    /** Idempotent: a test may stop a gateway that its extension stops again afterwards. */
    @Override
    public synchronized void close() {
        if (running.isEmpty()) {
            return;
        }
        Running stopping = running.get();
        running = Optional.empty();
        synchronized (stopping.sockets()) {
            stopping.sockets().forEach(TSocket::close);
        }
        Parts.closeInReverse(stopping.parts(), Optional.empty());
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        perClass = true;
        start();
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        if (!perClass) {
            start();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (!perClass) {
            close();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }
}

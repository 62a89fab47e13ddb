package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.server.authz.AuditLog;
import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import dev.lakegate.catalog.server.authz.Authorizer;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.EventFeed;
import dev.lakegate.catalog.v1.CatalogServiceGrpc;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The catalog served over gRPC: on a TCP address (Netty), in-process by name, or both, with the
 * standard health service. Unary calls run on one bounded pool ({@code executorThreads} threads, a
 * queue of {@code queueCapacity}; beyond that the transport refuses the call), never on Netty's
 * event loop: they block on the store. Each connection may have at most
 * {@code maxCallsPerConnection} calls open, so one client cannot fill the queue alone.
 * WatchEvents calls run on their own bounded pool (see {@link EventWatches}).
 *
 * <p>{@link #close()} shuts down gracefully: health turns NOT_SERVING, watches end with
 * UNAVAILABLE, calls in flight get until the shutdown deadline, then are cancelled.
 */
public final class CatalogGrpcServer implements AutoCloseable {

    private final GrpcCatalogService service;
    private final HealthStatusManager health;
    private final ExecutorService executor;
    private final Optional<Server> netty;
    private final Optional<Server> inProcess;
    private final Optional<String> inProcessName;
    private final Duration shutdownTimeout;
    private final AuditLog audit;
    private final AtomicBoolean closed = new AtomicBoolean();

    private CatalogGrpcServer(
            GrpcCatalogService service,
            HealthStatusManager health,
            ExecutorService executor,
            Optional<Server> netty,
            Optional<Server> inProcess,
            Optional<String> inProcessName,
            Duration shutdownTimeout,
            AuditLog audit) {
        this.service = service;
        this.health = health;
        this.executor = executor;
        this.netty = netty;
        this.inProcess = inProcess;
        this.inProcessName = inProcessName;
        this.shutdownTimeout = shutdownTimeout;
        this.audit = audit;
    }

    public static Builder builder(Catalog catalog, EventFeed feed) {
        return new Builder(catalog, feed);
    }

    /** The bound TCP port (the real one when asked for port 0). */
    public int port() {
        return netty.orElseThrow(() -> new IllegalStateException("no TCP listener configured"))
                .getPort();
    }

    public Optional<String> inProcessName() {
        return inProcessName;
    }

    public GrpcCatalogService service() {
        return service;
    }

    /** Every service the server binds, as bound (with its interceptors). */
    public List<ServerServiceDefinition> services() {
        return servers().get(0).getServices();
    }

    /**
     * The catalog cannot serve any more (its store is dead): health checks answer NOT_SERVING from now
     * on, so that a load balancer or supervisor stops sending calls and restarts the process.
     */
    public void reportNotServing() {
        health.setStatus("", ServingStatus.NOT_SERVING);
        health.setStatus(CatalogServiceGrpc.SERVICE_NAME, ServingStatus.NOT_SERVING);
    }

    /** Blocks until the server has shut down (for a process whose main thread only serves). */
    public void awaitTermination() throws InterruptedException {
        for (Server server : servers()) {
            server.awaitTermination();
        }
    }

    /** Idempotent: a second call returns at once. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Instant deadline = Instant.now().plus(shutdownTimeout);
        health.enterTerminalState();
        try {
            service.closeWatches(remaining(deadline));
            servers().forEach(Server::shutdown);
            for (Server server : servers()) {
                if (!server.awaitTermination(remaining(deadline).toMillis(), TimeUnit.MILLISECONDS)) {
                    server.shutdownNow();
                    server.awaitTermination(1, TimeUnit.SECONDS);
                }
            }
            executor.shutdown();
            if (!executor.awaitTermination(remaining(deadline).toMillis(), TimeUnit.MILLISECONDS)) {
                executor.shutdownNow();
            }
            audit.close();
        } catch (InterruptedException e) {
            servers().forEach(Server::shutdownNow);
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private List<Server> servers() {
        List<Server> servers = new ArrayList<>(2);
        netty.ifPresent(servers::add);
        inProcess.ifPresent(servers::add);
        return servers;
    }

    private static Duration remaining(Instant deadline) {
        Duration left = Duration.between(Instant.now(), deadline);
        return left.isNegative() ? Duration.ZERO : left;
    }

    public static final class Builder {
        private final Catalog catalog;
        private final EventFeed feed;
        private Optional<InetSocketAddress> address = Optional.empty();
        private Optional<String> inProcessName = Optional.empty();
        private int executorThreads = 16;
        private int queueCapacity = 1_000;
        private int maxCallsPerConnection = 100;
        private int maxWatches = GrpcCatalogService.DEFAULT_MAX_WATCHES;
        private Duration shutdownTimeout = Duration.ofSeconds(10);
        private Optional<GrpcServerTls> tls = Optional.empty();
        private Optional<ServerInterceptor> networkAuthentication = Optional.empty();
        private AuthorizationSettings authorization = AuthorizationSettings.OFF;

        private Builder(Catalog catalog, EventFeed feed) {
            this.catalog = requireNonNull(catalog, "catalog is null");
            this.feed = requireNonNull(feed, "feed is null");
        }

        /** Listens on TCP; port 0 picks a free port ({@link #port()} tells which). */
        public Builder listen(String host, int port) {
            address = Optional.of(new InetSocketAddress(requireNonNull(host, "host is null"), port));
            return this;
        }

        /** Listens on the loopback address, the safe default. */
        public Builder listen(int port) {
            return listen("127.0.0.1", port);
        }

        /**
         * Checks who makes each call that comes over TCP before it runs (in-process calls come from the gateway in
         * this process, which authenticated its own clients).
         */
        public Builder authenticateNetworkCalls(ServerInterceptor authentication) {
            networkAuthentication = Optional.of(requireNonNull(authentication, "authentication is null"));
            return this;
        }

        public Builder inProcess(String name) {
            inProcessName = Optional.of(requireNonNull(name, "name is null"));
            return this;
        }

        public Builder executorThreads(int threads) {
            executorThreads = positive(threads, "executorThreads");
            return this;
        }

        public Builder queueCapacity(int capacity) {
            queueCapacity = positive(capacity, "queueCapacity");
            return this;
        }

        public Builder maxCallsPerConnection(int calls) {
            maxCallsPerConnection = positive(calls, "maxCallsPerConnection");
            return this;
        }

        public Builder maxWatches(int watches) {
            maxWatches = positive(watches, "maxWatches");
            return this;
        }

        public Builder shutdownTimeout(Duration timeout) {
            shutdownTimeout = requireNonNull(timeout, "timeout is null");
            return this;
        }

        /** TLS on the TCP listener (the in-process one needs none). Default plaintext. */
        public Builder tls(GrpcServerTls tls) {
            this.tls = Optional.of(requireNonNull(tls, "tls is null"));
            return this;
        }

        /** How calls are authorized and audited; off by default. */
        public Builder authorization(AuthorizationSettings settings) {
            authorization = requireNonNull(settings, "settings is null");
            return this;
        }

        public CatalogGrpcServer start() throws IOException {
            if (address.isEmpty() && inProcessName.isEmpty()) {
                throw new IllegalStateException("configure a TCP address, an in-process name, or both");
            }
            GrpcCatalogService service = new GrpcCatalogService(catalog, feed, maxWatches);
            AuditLog audit = authorization.active() ? AuditLog.of(authorization.auditLog()) : AuditLog.none();
            List<ServerInterceptor> interceptors = new ArrayList<>();
            if (authorization.active()) {
                interceptors.add(new AuthorizationInterceptor(
                        new Authorizer(catalog, authorization),
                        MethodRules.all(),
                        authorization.mode(),
                        audit,
                        Clock.systemUTC()));
            }
            // The last runs first: the principal is in the context before anything else looks.
            interceptors.add(new PrincipalInterceptor());
            ServerServiceDefinition catalogService = ServerInterceptors.intercept(service, interceptors);
            ServerServiceDefinition transactionService =
                    ServerInterceptors.intercept(new GrpcAcidTransactionService(catalog), interceptors);
            ServerServiceDefinition writeReportService =
                    ServerInterceptors.intercept(new GrpcAcidWriteNotificationService(catalog), interceptors);
            ServerServiceDefinition replicationService =
                    ServerInterceptors.intercept(new GrpcAcidReplicationService(catalog), interceptors);
            ServerServiceDefinition accessService =
                    ServerInterceptors.intercept(new GrpcAccessService(catalog), interceptors);
            ServerServiceDefinition foreignEventService =
                    ServerInterceptors.intercept(new GrpcForeignEventService(catalog), interceptors);
            HealthStatusManager health = new HealthStatusManager();
            ServerServiceDefinition healthService =
                    ServerInterceptors.intercept(health.getHealthService(), interceptors);
            ExecutorService executor = new ThreadPoolExecutor(
                    executorThreads,
                    executorThreads,
                    60,
                    TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(queueCapacity),
                    DaemonThreads.named("catalog-grpc-"));
            List<Server> started = new ArrayList<>();
            try {
                Optional<Server> netty = address.map(bind -> nettyBuilder(bind)
                        .executor(executor)
                        .maxInboundMessageSize(CatalogWire.MAX_MESSAGE_BYTES)
                        .maxConcurrentCallsPerConnection(maxCallsPerConnection)
                        .addService(catalogService)
                        .addService(transactionService)
                        .addService(replicationService)
                        .addService(writeReportService)
                        .addService(accessService)
                        .addService(foreignEventService)
                        .addService(healthService)
                        .build());
                // In-process calls run on the caller's thread: its caller (a Thrift worker) waits for
                // the answer anyway, so handing the call to another thread and back would only add two
                // thread switches to every call.
                Optional<Server> inProcess = inProcessName.map(name -> InProcessServerBuilder.forName(name)
                        .directExecutor()
                        .maxInboundMessageSize(CatalogWire.MAX_MESSAGE_BYTES)
                        .addService(catalogService)
                        .addService(transactionService)
                        .addService(replicationService)
                        .addService(writeReportService)
                        .addService(accessService)
                        .addService(foreignEventService)
                        .addService(healthService)
                        .build());
                for (Server server : netty.stream().toList()) {
                    started.add(server.start());
                }
                for (Server server : inProcess.stream().toList()) {
                    started.add(server.start());
                }
                health.setStatus("", ServingStatus.SERVING);
                health.setStatus(CatalogServiceGrpc.SERVICE_NAME, ServingStatus.SERVING);
                return new CatalogGrpcServer(
                        service, health, executor, netty, inProcess, inProcessName, shutdownTimeout, audit);
            } catch (IOException | RuntimeException e) {
                started.forEach(Server::shutdownNow);
                executor.shutdownNow();
                audit.close();
                throw e;
            }
        }

        /** Netty's builder for {@code bind}, with TLS if configured. */
        private NettyServerBuilder nettyBuilder(InetSocketAddress bind) {
            NettyServerBuilder builder = tls.map(on -> NettyServerBuilder.forAddress(bind, on.credentials()))
                    .orElseGet(() -> NettyServerBuilder.forAddress(bind));
            // a server-wide interceptor runs before the services' own, so the principal they read is settled
            networkAuthentication.ifPresent(builder::intercept);
            return builder;
        }

        private static int positive(int value, String name) {
            if (value <= 0) {
                throw new IllegalArgumentException(name + " must be positive: " + value);
            }
            return value;
        }
    }
}

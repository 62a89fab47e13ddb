package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.server.auth.ThriftAuthentication;
import dev.lakegate.hms.server.auth.UserGroups;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.thrift.TProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Thrift server on Netty for HMS clients: framed or unframed, binary or compact, told apart per
 * connection from its first bytes. A few event-loop threads carry every connection, so idle
 * connections cost no thread; calls run on a bounded worker pool, one at a time per connection, in
 * order. With {@link Builder#authentication} the port takes SASL clients only (PLAIN or Kerberos).
 *
 * <pre>{@code
 * try (ThriftServer server = ThriftServer.builder(new HmsProcessor(handler)).listen("0.0.0.0", 9083).start()) {
 *     ...
 * }
 * }</pre>
 *
 * <p>{@link #close()} shuts down gracefully: the listener closes at once (new connections are
 * refused), connections stop reading, calls already read are answered, then each connection closes;
 * at the deadline whatever is left is closed and running calls are interrupted.
 */
public final class ThriftServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ThriftServer.class);

    /** HMS's {@code metastore.server.max.message.size} ({@code hive.metastore.server.max.message.size}). */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 100 * 1024 * 1024;
    /** HMS's {@code metastore.server.min.threads}: HMS starts this many and grows to 1,000. */
    public static final int DEFAULT_WORKER_THREADS = 200;

    public static final int DEFAULT_WORKER_QUEUE = 1_000;
    public static final int DEFAULT_IO_THREADS = 2;
    /**
     * HMS has none. Idle connections are cheap here (no thread each), so this exists only to reap
     * connections whose client vanished without a FIN; an hour leaves ordinary pauses of an
     * interactive session alone. Clients that do hit it reconnect (Hive's RetryingMetaStoreClient,
     * Iceberg's and Trino's client pools do on a transport error).
     */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofHours(1);

    /**
     * A client that reads none of its replies for this long is gone or hostile: an HMS client reads each
     * reply as soon as it has sent its call.
     */
    public static final Duration DEFAULT_REPLY_READ_TIMEOUT = Duration.ofSeconds(60);

    /**
     * The default bound on request bytes the server holds at once: an eighth of the heap, so that calls
     * being read, waiting and running (each also decoded into objects several times its size) leave
     * room for the rest of the gateway.
     */
    public static long defaultInFlightBytes() {
        return Runtime.getRuntime().maxMemory() / 8;
    }

    public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    private static final Duration EVENT_LOOP_QUIET_PERIOD = Duration.ZERO;
    private static final Duration EVENT_LOOP_STOP_TIMEOUT = Duration.ofSeconds(5);

    private final Channel listener;
    private final ChannelGroup connections;
    private final EventLoopGroup eventLoops;
    private final ThreadPoolExecutor workers;
    private final ServerCounters counters;
    private final InFlightBytes inFlight;
    private final Duration shutdownTimeout;
    private final AtomicBoolean closed = new AtomicBoolean();

    private ThriftServer(
            Channel listener,
            ChannelGroup connections,
            EventLoopGroup eventLoops,
            ThreadPoolExecutor workers,
            ServerCounters counters,
            InFlightBytes inFlight,
            Duration shutdownTimeout) {
        this.listener = listener;
        this.connections = connections;
        this.eventLoops = eventLoops;
        this.workers = workers;
        this.counters = counters;
        this.inFlight = inFlight;
        this.shutdownTimeout = shutdownTimeout;
    }

    public static Builder builder(TProcessor processor) {
        return new Builder(processor);
    }

    /** The bound address (with the real port when asked for port 0). */
    public InetSocketAddress address() {
        return (InetSocketAddress) listener.localAddress();
    }

    public int port() {
        return address().getPort();
    }

    public ThriftServerStats stats() {
        return counters.snapshot(inFlight);
    }

    /** Graceful shutdown within the builder's shutdown timeout. Idempotent. */
    @Override
    public void close() {
        close(shutdownTimeout);
    }

    /** Graceful shutdown within {@code timeout}. Idempotent: a second call returns at once. */
    public void close(Duration timeout) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Instant deadline = Instant.now().plus(requireNonNull(timeout, "timeout is null"));
        listener.close().awaitUninterruptibly();
        for (Channel connection : connections) {
            try {
                connection.eventLoop().execute(() -> drain(connection));
            } catch (RejectedExecutionException e) {
                connection.close();
            }
        }
        if (!connections
                .newCloseFuture()
                .awaitUninterruptibly(remaining(deadline).toMillis())) {
            log.warn("Closing {} connections still busy at the shutdown deadline", connections.size());
        }
        connections.close().awaitUninterruptibly(EVENT_LOOP_STOP_TIMEOUT.toMillis());
        workers.shutdown();
        try {
            if (!workers.awaitTermination(remaining(deadline).toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("Interrupting {} calls still running at the shutdown deadline", workers.getActiveCount());
                workers.shutdownNow();
            }
        } catch (InterruptedException e) {
            workers.shutdownNow();
            Thread.currentThread().interrupt();
        }
        eventLoops
                .shutdownGracefully(
                        EVENT_LOOP_QUIET_PERIOD.toMillis(), EVENT_LOOP_STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .awaitUninterruptibly(EVENT_LOOP_STOP_TIMEOUT.toMillis());
        log.info("Thrift server on {} stopped", listener.localAddress());
    }

    /** On the connection's event loop. */
    private static void drain(Channel connection) {
        ConnectionHandler handler = connection.pipeline().get(ConnectionHandler.class);
        if (handler == null) {
            // still telling its protocol: no call was read
            connection.close();
        } else {
            handler.drain();
        }
    }

    private static Duration remaining(Instant deadline) {
        Duration left = Duration.between(Instant.now(), deadline);
        return left.isNegative() ? Duration.ZERO : left;
    }

    public static final class Builder {
        private final TProcessor processor;
        private InetSocketAddress address = new InetSocketAddress("127.0.0.1", 9083);
        private int maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
        private long maxInFlightBytes = defaultInFlightBytes();
        private long maxConnectionInFlightBytes;
        private int workerThreads = DEFAULT_WORKER_THREADS;
        private int workerQueue = DEFAULT_WORKER_QUEUE;
        private int ioThreads = DEFAULT_IO_THREADS;
        private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
        private Duration replyReadTimeout = DEFAULT_REPLY_READ_TIMEOUT;
        private Duration shutdownTimeout = DEFAULT_SHUTDOWN_TIMEOUT;
        private ByteBufAllocator allocator = ByteBufAllocator.DEFAULT;
        private CallRouter router;
        private Optional<ThriftTls> tls = Optional.empty();
        private ThriftAuthentication authentication;
        private UserGroups userGroups = UserGroups.fromSetUgi();

        private Builder(TProcessor processor) {
            this.processor = requireNonNull(processor, "processor is null");
        }

        /** The address to bind; port 0 picks a free port ({@link #port()} tells which). Default 127.0.0.1:9083. */
        public Builder listen(String host, int port) {
            address = new InetSocketAddress(requireNonNull(host, "host is null"), port);
            return this;
        }

        /** Listens on the loopback address, the safe default. */
        public Builder listen(int port) {
            return listen("127.0.0.1", port);
        }

        /** The largest message accepted, in bytes (a frame's body when framed). Default 100 MiB, as HMS. */
        public Builder maxMessageSize(int bytes) {
            maxMessageSize = positive(bytes, "maxMessageSize");
            return this;
        }

        /**
         * Request bytes the server holds at once, over every connection; beyond that a connection
         * holding more than a small allowance stops reading until calls are answered. Default an
         * eighth of the heap ({@link ThriftServer#defaultInFlightBytes()}).
         */
        public Builder maxInFlightBytes(long bytes) {
            maxInFlightBytes = positive(bytes, "maxInFlightBytes");
            return this;
        }

        /**
         * Request bytes one connection holds before it stops reading while a call of it waits or runs.
         * Default the maximum message size: one largest call, not a queue of them.
         */
        public Builder maxConnectionInFlightBytes(long bytes) {
            maxConnectionInFlightBytes = positive(bytes, "maxConnectionInFlightBytes");
            return this;
        }

        /** Threads that run calls; created as calls need them, stopped after 10 s idle. */
        public Builder workerThreads(int threads) {
            workerThreads = positive(threads, "workerThreads");
            return this;
        }

        /** Calls that may wait for a worker; beyond that a call is answered "server busy". */
        public Builder workerQueue(int capacity) {
            workerQueue = positive(capacity, "workerQueue");
            return this;
        }

        /** Event-loop threads, which carry every connection's I/O. */
        public Builder ioThreads(int threads) {
            ioThreads = positive(threads, "ioThreads");
            return this;
        }

        /** Closes connections with no traffic and no call for this long; {@link Duration#ZERO} for never. */
        public Builder idleTimeout(Duration timeout) {
            requireNonNull(timeout, "timeout is null");
            if (timeout.isNegative()) {
                throw new IllegalArgumentException("idleTimeout is negative: " + timeout);
            }
            idleTimeout = timeout;
            return this;
        }

        /**
         * Closes a connection whose client has read none of the replies waiting for it for this long
         * (while the connection cannot take more output). Default {@link #DEFAULT_REPLY_READ_TIMEOUT}.
         */
        public Builder replyReadTimeout(Duration timeout) {
            requireNonNull(timeout, "timeout is null");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("replyReadTimeout must be positive: " + timeout);
            }
            replyReadTimeout = timeout;
            return this;
        }

        public Builder shutdownTimeout(Duration timeout) {
            shutdownTimeout = requireNonNull(timeout, "timeout is null");
            return this;
        }

        /** The allocator of connection buffers; tests pass one whose memory they can watch. */
        public Builder allocator(ByteBufAllocator allocator) {
            this.allocator = requireNonNull(allocator, "allocator is null");
            return this;
        }

        /** Lets {@code router} answer the calls it takes before the processor sees them. */
        public Builder router(CallRouter router) {
            this.router = requireNonNull(router, "router is null");
            return this;
        }

        /** Serves over TLS: every connection's first handler is the handshake. Default plaintext. */
        public Builder tls(ThriftTls tls) {
            this.tls = Optional.of(requireNonNull(tls, "tls is null"));
            return this;
        }

        /** Serves SASL only, authenticating each client as {@code authentication} says. Default: no SASL. */
        public Builder authentication(ThriftAuthentication authentication) {
            this.authentication = requireNonNull(authentication, "authentication is null");
            return this;
        }

        /** Where the groups of a connection's user come from. Default: {@link UserGroups#fromSetUgi()}. */
        public Builder userGroups(UserGroups userGroups) {
            this.userGroups = requireNonNull(userGroups, "userGroups is null");
            return this;
        }

        public ThriftServer start() throws IOException {
            ServerCounters counters = new ServerCounters();
            // A pool below its size starts a thread per call even while others idle, so a busy minute
            // leaves every worker alive; idle ones end after 10 s, and idle connections cost none.
            ThreadPoolExecutor workers = new ThreadPoolExecutor(
                    workerThreads,
                    workerThreads,
                    10,
                    TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(workerQueue),
                    new DefaultThreadFactory("lakegate-thrift-worker", true));
            workers.allowCoreThreadTimeOut(true);
            SocketTransport transport = SocketTransport.best();
            EventLoopGroup eventLoops = new MultiThreadIoEventLoopGroup(
                    ioThreads, new DefaultThreadFactory("lakegate-thrift-io", true), transport.ioHandlers());
            ChannelGroup connections = new DefaultChannelGroup("thrift-connections", GlobalEventExecutor.INSTANCE);
            Map<WireProtocol, ThriftCodec> codecs = new EnumMap<>(WireProtocol.class);
            for (WireProtocol protocol : WireProtocol.values()) {
                codecs.put(protocol, new ThriftCodec(protocol, maxMessageSize));
            }
            InFlightBytes inFlight = new InFlightBytes(maxInFlightBytes, maxMessageSize);
            long connectionLimit = maxConnectionInFlightBytes > 0 ? maxConnectionInFlightBytes : maxMessageSize;
            ConnectionSetup setup = new ConnectionSetup(
                    codecs,
                    new CallProcessor(processor, router),
                    workers,
                    counters,
                    inFlight,
                    connectionLimit,
                    Optional.ofNullable(authentication),
                    userGroups);
            ChannelFuture bind = new ServerBootstrap()
                    .group(eventLoops)
                    .channel(transport.serverChannel())
                    .childOption(ChannelOption.SO_KEEPALIVE, true) // as HMS's metastore.server.tcp.keepalive
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.ALLOCATOR, allocator)
                    .childHandler(new ThriftChannelInitializer(setup, connections, idleTimeout, replyReadTimeout, tls))
                    .bind(address)
                    .awaitUninterruptibly();
            if (!bind.isSuccess()) {
                workers.shutdownNow();
                eventLoops.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
                throw new IOException("cannot listen on " + address, bind.cause());
            }
            log.info(
                    "Thrift server listening on {} ({}, {}, max message {} bytes, in flight at most {} bytes, {} per "
                            + "connection, {} workers, idle timeout {}, reply-read timeout {})",
                    bind.channel().localAddress(),
                    transport,
                    tls.map(ThriftTls::toString).orElse("plaintext"),
                    maxMessageSize,
                    maxInFlightBytes,
                    connectionLimit,
                    workerThreads,
                    idleTimeout,
                    replyReadTimeout);
            if (authentication != null) {
                log.info(
                        "Thrift server on {} takes SASL clients only: {}",
                        bind.channel().localAddress(),
                        authentication.describe());
            }
            return new ThriftServer(
                    bind.channel(), connections, eventLoops, workers, counters, inFlight, shutdownTimeout);
        }

        private static int positive(int value, String name) {
            return (int) positive((long) value, name);
        }

        private static long positive(long value, String name) {
            if (value <= 0) {
                throw new IllegalArgumentException(name + " must be positive: " + value);
            }
            return value;
        }
    }
}

package dev.lakegate.hms.legacy;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TBase;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.TException;
import org.apache.thrift.TServiceClient;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransportException;

/**
 * The running Hive Metastore Lakegate fronts: a bounded pool of connections to it, shared by every
 * client connection of the gateway (not one per client), each call bounded in time. A connection
 * that fails is closed and replaced on the next call. HMS speaks unframed binary Thrift by default,
 * which is what this pool speaks.
 *
 * <p>A call made for a {@link LegacyCaller} goes over a connection that named that caller with {@code set_ugi}
 * when it opened: HMS runs every later call of a connection as the user its {@code set_ugi} named and refuses
 * to name another ("UGI is already set"), so a connection serves one caller for its life. Idle connections are
 * kept up to the pool's size, the least recently used closed first.
 */
public final class LegacyMetastore implements AutoCloseable {

    /** Answers as large as HMS sends them (a table's partitions can be hundreds of megabytes). */
    private static final TConfiguration ANSWERS =
            new TConfiguration(1 << 30, 1 << 30, TConfiguration.DEFAULT_RECURSION_DEPTH);

    private final String host;
    private final int port;
    private final int timeoutMillis;
    private final Semaphore permits;
    private final int maxIdle;
    private final ConcurrentLinkedDeque<Connection> idle = new ConcurrentLinkedDeque<>();

    /** {@code uri}: thrift://host:port; at most {@code connections} calls at once, each within {@code timeout}. */
    public LegacyMetastore(URI uri, int connections, Duration timeout) {
        requireNonNull(uri, "uri is null");
        if (!"thrift".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) {
            throw new IllegalArgumentException("expected thrift://host:port, got " + uri);
        }
        this.host = uri.getHost();
        this.port = uri.getPort();
        this.timeoutMillis = Math.toIntExact(timeout.toMillis());
        this.permits = new Semaphore(connections, true);
        this.maxIdle = connections;
    }

    public String describe() {
        return "thrift://" + host + ":" + port;
    }

    /** {@link #call(Optional, String, TBase, TBase)} for the gateway itself: on a connection that named no user. */
    public void call(String method, TBase<?, ?> args, TBase<?, ?> result) throws TException {
        call(Optional.empty(), method, args, result);
    }

    /**
     * Makes the call on the legacy metastore for {@code caller} and reads its answer into {@code result}:
     * declared exceptions arrive in {@code result} as HMS wrote them; an undeclared one arrives as the
     * {@link TApplicationException} HMS answered. A metastore that cannot be reached, or does not
     * answer in time, is {@link LegacyUnavailableException}.
     */
    void call(Optional<LegacyCaller> caller, String method, TBase<?, ?> args, TBase<?, ?> result) throws TException {
        boolean acquired;
        try {
            acquired = permits.tryAcquire(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LegacyUnavailableException(describe() + ": interrupted waiting for a connection");
        }
        if (!acquired) {
            throw new LegacyUnavailableException(describe() + ": every connection busy for " + timeoutMillis + " ms");
        }
        Connection connection = null;
        try {
            connection = idleFor(caller);
            if (connection == null) {
                connection = open(caller);
            }
            connection.call(method, args, result);
            keep(connection);
        } catch (TApplicationException e) {
            // The metastore answered, with an exception message: the connection is still in step.
            keep(connection);
            throw e;
        } catch (TTransportException e) {
            if (connection != null) {
                connection.close();
            }
            throw new LegacyUnavailableException(describe() + " did not answer " + method + ": " + e.getMessage());
        } catch (TException | RuntimeException e) {
            if (connection != null) {
                connection.close();
            }
            throw e;
        } finally {
            permits.release();
        }
    }

    /** The most recently used idle connection of {@code caller}, taken out of the pool; null if none. */
    private Connection idleFor(Optional<LegacyCaller> caller) {
        for (Connection connection : idle) {
            if (connection.caller.equals(caller) && idle.remove(connection)) {
                return connection;
            }
        }
        return null;
    }

    private void keep(Connection connection) {
        if (connection == null) { // refused before it was one: nothing to keep
            return;
        }
        idle.addFirst(connection);
        while (idle.size() > maxIdle) {
            Connection eldest = idle.pollLast();
            if (eldest != null) {
                eldest.close();
            }
        }
    }

    private Connection open(Optional<LegacyCaller> caller) throws TException {
        TSocket socket = new TSocket(ANSWERS, host, port, timeoutMillis, timeoutMillis);
        socket.open();
        Connection connection = new Connection(socket, caller);
        if (caller.isPresent()) {
            try {
                var named = new ThriftHiveMetastore.set_ugi_result();
                connection.call(
                        "set_ugi",
                        new ThriftHiveMetastore.set_ugi_args(
                                caller.get().user(),
                                new ArrayList<>(caller.get().groups())),
                        named);
                if (named.isSetO1()) {
                    throw new TApplicationException(
                            TApplicationException.INTERNAL_ERROR,
                            describe() + " refused set_ugi(" + caller.get().user() + "): "
                                    + named.getO1().getMessage());
                }
            } catch (TException | RuntimeException e) {
                connection.close();
                throw e;
            }
        }
        return connection;
    }

    @Override
    public void close() {
        Connection connection;
        while ((connection = idle.pollFirst()) != null) {
            connection.close();
        }
    }

    /** One connection, of one caller: libthrift's client plumbing for any method, given its argument and result. */
    private static final class Connection extends TServiceClient {
        private final TSocket socket;
        private final Optional<LegacyCaller> caller;

        Connection(TSocket socket, Optional<LegacyCaller> caller) {
            super(new TBinaryProtocol(socket));
            this.socket = socket;
            this.caller = caller;
        }

        void call(String method, TBase<?, ?> args, TBase<?, ?> result) throws TException {
            sendBase(method, args);
            receiveBase(result, method);
        }

        void close() {
            socket.close();
        }
    }
}

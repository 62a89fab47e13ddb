package dev.lakegate.hms.legacy;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
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
 */
public final class LegacyMetastore implements AutoCloseable {

    /** Answers as large as HMS sends them (a table's partitions can be hundreds of megabytes). */
    private static final TConfiguration ANSWERS =
            new TConfiguration(1 << 30, 1 << 30, TConfiguration.DEFAULT_RECURSION_DEPTH);

    private final String host;
    private final int port;
    private final int timeoutMillis;
    private final Semaphore permits;
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
    }

    public String describe() {
        return "thrift://" + host + ":" + port;
    }

    /**
     * Makes the call on the legacy metastore and reads its answer into {@code result}: declared
     * exceptions arrive in {@code result} as HMS wrote them; an undeclared one arrives as the
     * {@link TApplicationException} HMS answered. A metastore that cannot be reached, or does not
     * answer in time, is {@link LegacyUnavailableException}.
     */
    public void call(String method, TBase<?, ?> args, TBase<?, ?> result) throws TException {
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
            connection = idle.pollFirst();
            if (connection == null) {
                connection = open();
            }
            connection.call(method, args, result);
            idle.addFirst(connection);
        } catch (TApplicationException e) {
            // The metastore answered, with an exception message: the connection is still in step.
            idle.addFirst(connection);
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

    private Connection open() throws TTransportException {
        TSocket socket = new TSocket(ANSWERS, host, port, timeoutMillis, timeoutMillis);
        socket.open();
        return new Connection(socket);
    }

    @Override
    public void close() {
        Connection connection;
        while ((connection = idle.pollFirst()) != null) {
            connection.close();
        }
    }

    /** One connection: libthrift's client plumbing for any method, given its argument and result structs. */
    private static final class Connection extends TServiceClient {
        private final TSocket socket;

        Connection(TSocket socket) {
            super(new TBinaryProtocol(socket));
            this.socket = socket;
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

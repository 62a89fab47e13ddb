package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import java.net.SocketAddress;
import java.util.Optional;

/**
 * What a handler may know about the connection whose call it is serving: who is at the other end, how
 * the connection speaks, and the user that {@code set_ugi} named (HMS keeps that per connection, and so
 * do we). The server binds the context to the worker thread for the length of each call:
 *
 * <pre>{@code
 * ConnectionContext.current().setUser(userName);   // in set_ugi
 * ConnectionContext.current().user()                // in any later call on the same connection
 * }</pre>
 *
 * <p>Calls on one connection run one at a time, in order, so a {@code set_ugi} is seen by the calls
 * after it. Tests of handlers bind a context of their own with {@link #bind()}.
 */
public final class ConnectionContext {

    private static final ThreadLocal<ConnectionContext> CURRENT = new ThreadLocal<>();

    private final long id;
    private final SocketAddress remoteAddress;
    private final Framing framing;
    private final WireProtocol protocol;
    private volatile String user;

    public ConnectionContext(long id, SocketAddress remoteAddress, Framing framing, WireProtocol protocol) {
        this.id = id;
        this.remoteAddress = requireNonNull(remoteAddress, "remoteAddress is null");
        this.framing = requireNonNull(framing, "framing is null");
        this.protocol = requireNonNull(protocol, "protocol is null");
    }

    /**
     * The context of the call this thread is serving.
     *
     * @throws IllegalStateException outside a call
     */
    public static ConnectionContext current() {
        ConnectionContext context = CURRENT.get();
        if (context == null) {
            throw new IllegalStateException("no Thrift call is being served on this thread");
        }
        return context;
    }

    /** The context of the call this thread is serving, if it is serving one. */
    public static Optional<ConnectionContext> currentIfAny() {
        return Optional.ofNullable(CURRENT.get());
    }

    /** The user the current call's connection named with set_ugi, if it named one (HMS makes it an owner). */
    public static Optional<String> currentUser() {
        return currentIfAny().flatMap(ConnectionContext::user).filter(user -> !user.isEmpty());
    }

    /** Makes this the {@link #current()} context of this thread until the scope is closed. */
    public Scope bind() {
        ConnectionContext previous = CURRENT.get();
        CURRENT.set(this);
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /** Unique within the server's lifetime, for logs. */
    public long id() {
        return id;
    }

    public SocketAddress remoteAddress() {
        return remoteAddress;
    }

    public Framing framing() {
        return framing;
    }

    public WireProtocol protocol() {
        return protocol;
    }

    /** The user {@code set_ugi} named on this connection, if it was called. */
    public Optional<String> user() {
        return Optional.ofNullable(user);
    }

    public void setUser(String user) {
        this.user = requireNonNull(user, "user is null");
    }

    @Override
    public String toString() {
        return "connection " + id + " from " + remoteAddress + " (" + framing + ", " + protocol + ")";
    }

    /** A binding of a context to a thread; closing it restores what was bound before. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}

package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.server.auth.ProxyUsers;
import dev.lakegate.hms.server.auth.UserGroups;
import java.net.SocketAddress;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 *
 * <p>On a connection authenticated by SASL the authenticated user is the user, and {@code set_ugi}
 * changes it only to a user the {@link ProxyUsers} let it act as; otherwise the call is answered as
 * usual and changes nothing, as HMS under SASL, whose {@code set_ugi} never changes the caller.
 */
public final class ConnectionContext {

    private static final Logger log = LoggerFactory.getLogger(ConnectionContext.class);

    private static final ThreadLocal<ConnectionContext> CURRENT = new ThreadLocal<>();

    private final long id;
    private final SocketAddress remoteAddress;
    private final Framing framing;
    private final WireProtocol protocol;
    private final Optional<String> authenticatedUser;
    private final ProxyUsers proxyUsers;
    private final UserGroups userGroups;
    private volatile String user;
    private volatile List<String> namedGroups = List.of();

    public ConnectionContext(long id, SocketAddress remoteAddress, Framing framing, WireProtocol protocol) {
        this(id, remoteAddress, framing, protocol, Optional.empty(), ProxyUsers.none(), UserGroups.none());
    }

    /** A connection whose client SASL authenticated as {@code authenticatedUser}, if present. */
    public ConnectionContext(
            long id,
            SocketAddress remoteAddress,
            Framing framing,
            WireProtocol protocol,
            Optional<String> authenticatedUser,
            ProxyUsers proxyUsers,
            UserGroups userGroups) {
        this.id = id;
        this.remoteAddress = requireNonNull(remoteAddress, "remoteAddress is null");
        this.framing = requireNonNull(framing, "framing is null");
        this.protocol = requireNonNull(protocol, "protocol is null");
        this.authenticatedUser = requireNonNull(authenticatedUser, "authenticatedUser is null");
        this.proxyUsers = requireNonNull(proxyUsers, "proxyUsers is null");
        this.userGroups = requireNonNull(userGroups, "userGroups is null");
        this.user = authenticatedUser.orElse(null);
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

    /** The user the calls run as: the authenticated one, else the one {@code set_ugi} named, if any. */
    public Optional<String> user() {
        return Optional.ofNullable(user);
    }

    /** The groups of the calls' user, as the door's {@link UserGroups} say; none without a user. */
    public List<String> groups() {
        String current = user;
        return current == null ? List.of() : userGroups.groupsOf(current, namedGroups, authenticatedUser.isPresent());
    }

    /** The groups the connection's {@code set_ugi} named, as sent (whether or not they count here). */
    public List<String> namedGroups() {
        return namedGroups;
    }

    /** The user SASL authenticated on this connection; empty without SASL. */
    public Optional<String> authenticatedUser() {
        return authenticatedUser;
    }

    /** Whether the connection's user may act as {@code other}, as the proxy-user rules say (never without SASL). */
    public boolean mayActAs(String other) {
        String current = user;
        return authenticatedUser.isPresent() && current != null && proxyUsers.mayImpersonate(current, other);
    }

    /**
     * What {@code set_ugi} asks. Without SASL the user is trusted as sent; with SASL it is taken only when
     * it is the authenticated user or one the authenticated user may act as, and otherwise ignored.
     */
    public void setUser(String user) {
        setUser(user, List.of());
    }

    /** {@link #setUser(String)}, with the groups {@code set_ugi} named, which count only as {@link UserGroups} say. */
    public void setUser(String user, List<String> groups) {
        requireNonNull(user, "user is null");
        if (authenticatedUser.isEmpty()
                || authenticatedUser.get().equals(user)
                || proxyUsers.mayImpersonate(authenticatedUser.get(), user)) {
            this.namedGroups = List.copyOf(groups);
            this.user = user;
        } else if (!user.equals(this.user)) {
            log.info(
                    "Ignoring set_ugi({}) on {}: authenticated as {}, who may not act as {}",
                    user,
                    this,
                    authenticatedUser.get(),
                    user);
        }
    }

    @Override
    public String toString() {
        return "connection " + id + " from " + remoteAddress + " (" + framing + ", " + protocol
                + authenticatedUser.map(name -> ", SASL " + name).orElse("") + ")";
    }

    /** A binding of a context to a thread; closing it restores what was bound before. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}

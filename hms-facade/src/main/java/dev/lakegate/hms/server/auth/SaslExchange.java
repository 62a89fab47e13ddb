package dev.lakegate.hms.server.auth;

import static java.util.Objects.requireNonNull;

import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;

/**
 * One client's SASL negotiation on the server side. Steps may block (an LDAP bind), so they run off the
 * event loop, one at a time. Only the {@code auth} quality of protection is served: after the exchange
 * the connection carries plain length-prefixed frames, which the server reads as TFramedTransport's.
 */
public final class SaslExchange {

    private final SaslServer server;
    private final KerberosService kerberos;
    private final UserOfId users;

    /** An exchange whose steps run as {@code kerberos}'s service, if given; the authorization id is the user. */
    SaslExchange(SaslServer server, KerberosService kerberos) {
        this(server, kerberos, id -> id.contains("@") && kerberos != null ? kerberos.shortName(id) : id);
    }

    /** An exchange whose authorization id names its user as {@code users} reads it. */
    SaslExchange(SaslServer server, KerberosService kerberos, UserOfId users) {
        this.server = requireNonNull(server, "server is null");
        this.kerberos = kerberos;
        this.users = requireNonNull(users, "users is null");
    }

    public String mechanism() {
        return server.getMechanismName();
    }

    /** The server's answer to a client's message; throws when the client is refused. */
    public byte[] evaluate(byte[] response) throws SaslException {
        byte[] challenge = kerberos == null
                ? server.evaluateResponse(response)
                : kerberos.call(() -> server.evaluateResponse(response));
        return challenge == null ? new byte[0] : challenge;
    }

    public boolean isComplete() {
        return server.isComplete();
    }

    /**
     * The user the connection's calls run as, once complete: for Kerberos the short name of the client's
     * principal (or the user it was allowed to act as), for a delegation token its owner.
     *
     * @throws SaslException when a quality of protection other than {@code auth} was negotiated, or the
     *     principal maps to no user
     */
    public String user() throws SaslException {
        Object qop = server.getNegotiatedProperty(Sasl.QOP);
        if (qop != null && !"auth".equals(qop)) {
            throw new SaslException("quality of protection " + qop + " is not served");
        }
        String id = server.getAuthorizationID();
        String user = users.userOf(id);
        if (user == null || user.isEmpty()) {
            throw new SaslException("no user for " + id);
        }
        return user;
    }

    /** How an exchange's authorization id names a user; null for none. */
    @FunctionalInterface
    interface UserOfId {
        String userOf(String authorizationId) throws SaslException;
    }

    public void dispose() {
        try {
            server.dispose();
        } catch (SaslException e) {
            // nothing held that matters once the connection is gone
        }
    }
}

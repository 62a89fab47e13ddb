package dev.lakegate.hms.server.auth;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;

/**
 * The server side of SASL PLAIN (RFC 4616), which the JDK does not provide: one message
 * {@code [authzid] NUL authcid NUL password}, checked by a {@link PasswordCheck}. An authorization id
 * other than the user is a request to act as someone else, granted only by the {@link ProxyUsers}.
 * Only the {@code auth} quality of protection exists for PLAIN, so there is nothing to wrap.
 */
final class PlainSaslServer implements SaslServer {

    static final String MECHANISM = "PLAIN";

    private final PasswordCheck passwords;
    private final ProxyUsers proxyUsers;
    private String authorizationId;
    private boolean done;

    PlainSaslServer(PasswordCheck passwords, ProxyUsers proxyUsers) {
        this.passwords = requireNonNull(passwords, "passwords is null");
        this.proxyUsers = requireNonNull(proxyUsers, "proxyUsers is null");
    }

    @Override
    public String getMechanismName() {
        return MECHANISM;
    }

    @Override
    public byte[] evaluateResponse(byte[] response) throws SaslException {
        if (done) {
            throw new SaslException("PLAIN takes one message");
        }
        done = true;
        int first = indexOf(response, 0);
        int second = first < 0 ? -1 : indexOf(response, first + 1);
        if (second < 0) {
            throw new SaslException("not a PLAIN message");
        }
        String authzid = utf8(response, 0, first);
        String user = utf8(response, first + 1, second);
        char[] password = chars(response, second + 1, response.length);
        boolean good;
        try {
            good = !user.isEmpty() && password.length > 0 && passwords.matches(user, password);
        } catch (IOException e) {
            throw new SaslException("cannot check the password of " + user + ": " + e.getMessage(), e);
        } finally {
            Arrays.fill(password, '\0');
        }
        if (!good) {
            throw new SaslException("wrong user or password for " + user);
        }
        if (!authzid.isEmpty() && !authzid.equals(user) && !proxyUsers.mayImpersonate(user, authzid)) {
            throw new SaslException(user + " may not act as " + authzid);
        }
        authorizationId = authzid.isEmpty() ? user : authzid;
        return new byte[0];
    }

    @Override
    public boolean isComplete() {
        return authorizationId != null;
    }

    @Override
    public String getAuthorizationID() {
        if (!isComplete()) {
            throw new IllegalStateException("PLAIN authentication is not complete");
        }
        return authorizationId;
    }

    @Override
    public byte[] unwrap(byte[] incoming, int offset, int len) throws SaslException {
        throw new SaslException("PLAIN has no security layer");
    }

    @Override
    public byte[] wrap(byte[] outgoing, int offset, int len) throws SaslException {
        throw new SaslException("PLAIN has no security layer");
    }

    @Override
    public Object getNegotiatedProperty(String name) {
        return Sasl.QOP.equals(name) ? "auth" : null;
    }

    @Override
    public void dispose() {
        authorizationId = null;
    }

    private static int indexOf(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    private static String utf8(byte[] bytes, int from, int to) throws SaslException {
        return new String(chars(bytes, from, to));
    }

    private static char[] chars(byte[] bytes, int from, int to) throws SaslException {
        try {
            CharBuffer chars = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, from, to - from));
            char[] copy = new char[chars.remaining()];
            chars.get(copy);
            Arrays.fill(chars.array(), '\0');
            return copy;
        } catch (CharacterCodingException e) {
            throw new SaslException("a PLAIN message that is not UTF-8");
        }
    }
}

package dev.lakegate.hms.server.auth;

import java.io.IOException;
import java.util.Base64;
import java.util.Map;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.AuthorizeCallback;
import javax.security.sasl.RealmCallback;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;

/**
 * SASL DIGEST-MD5 with a delegation token, as Hadoop's clients speak it to HMS: the user name is the token's
 * identifier and the password its password, both in Base64, in the realm {@value #REALM} with no protocol
 * name. The JDK's DIGEST-MD5 server does the exchange; the token's password comes from the metastore's store.
 */
final class TokenSaslServer {

    static final String MECHANISM = "DIGEST-MD5";
    /** Hadoop's default SASL realm, which its clients name as the server. */
    private static final String REALM = "default";

    private TokenSaslServer() {}

    static SaslServer create(DelegationTokenPasswords passwords) throws SaslException {
        return Sasl.createSaslServer(
                MECHANISM, null, REALM, Map.of(Sasl.QOP, "auth"), callbacks -> answer(callbacks, passwords));
    }

    /** The token a DIGEST-MD5 user name (its identifier in Base64) names. */
    static DelegationTokenIdentifier identifier(String userName) throws SaslException {
        try {
            return DelegationTokenIdentifier.parse(Base64.getMimeDecoder().decode(userName));
        } catch (IOException | IllegalArgumentException e) {
            throw new SaslException("not a delegation token: " + e.getMessage(), e);
        }
    }

    private static void answer(Callback[] callbacks, DelegationTokenPasswords passwords)
            throws IOException, UnsupportedCallbackException {
        NameCallback name = null;
        for (Callback callback : callbacks) {
            if (callback instanceof NameCallback named) {
                name = named;
            } else if (callback instanceof RealmCallback realm) {
                realm.setText(realm.getDefaultText());
            } else if (callback instanceof PasswordCallback password) {
                if (name == null) {
                    throw new SaslException("a password asked for before the user name");
                }
                byte[] secret = passwords.password(identifier(name.getDefaultName()));
                password.setPassword(Base64.getEncoder().encodeToString(secret).toCharArray());
            } else if (callback instanceof AuthorizeCallback authorize) {
                // a token authenticates its owner only: no acting as someone else through the authorization id
                authorize.setAuthorized(authorize.getAuthenticationID().equals(authorize.getAuthorizationID()));
                authorize.setAuthorizedID(authorize.getAuthorizationID());
            } else {
                throw new UnsupportedCallbackException(callback);
            }
        }
    }
}

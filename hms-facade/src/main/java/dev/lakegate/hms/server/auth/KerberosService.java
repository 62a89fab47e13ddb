package dev.lakegate.hms.server.auth;

import static java.util.Objects.requireNonNull;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedActionException;
import java.security.PrivilegedExceptionAction;
import java.util.Locale;
import java.util.Map;
import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;
import javax.security.sasl.AuthorizeCallback;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;

/**
 * The gateway's Kerberos service identity ({@code hive/HOST@REALM}, HMS's
 * {@code metastore.kerberos.principal} and {@code .keytab.file}), logged in from its keytab with the
 * JDK's Krb5LoginModule into a {@link Subject} of its own (no JVM-wide JAAS file), and the GSSAPI
 * {@link SaslServer}s that accept clients' tickets with it.
 *
 * <p>A client's principal becomes a user name by Hadoop's DEFAULT rule: a principal of the service's
 * realm, {@code name@REALM} or {@code name/instance@REALM}, is {@code name}; a principal of another
 * realm matches no rule and is refused, as Hadoop refuses it without {@code auth_to_local} rules.
 */
public final class KerberosService {

    static final String MECHANISM = "GSSAPI";
    private static final String HOST_PATTERN = "_HOST";

    private final String principal;
    private final String serviceName;
    private final String host;
    private final String realm;
    private final Subject subject;

    private KerberosService(String principal, Subject subject) {
        this.principal = principal;
        this.subject = subject;
        int slash = principal.indexOf('/');
        int at = principal.lastIndexOf('@');
        this.serviceName = principal.substring(0, slash);
        this.host = principal.substring(slash + 1, at);
        this.realm = principal.substring(at + 1);
    }

    /**
     * Logs in {@code principal} ({@code service/host@REALM}; {@code _HOST} becomes this machine's
     * canonical host name, as in HMS) from {@code keytab}. The KDC is found by the JDK's krb5.conf
     * ({@code java.security.krb5.conf}).
     *
     * @throws LoginException when the keytab holds no key for the principal or it cannot be read
     */
    public static KerberosService login(String principal, Path keytab) throws LoginException {
        String resolved = resolveHost(requireNonNull(principal, "principal is null"));
        if (!resolved.matches("[^/@]+/[^/@]+@[^/@]+")) {
            throw new IllegalArgumentException("a service principal is service/host@REALM: " + principal);
        }
        if (!Files.isReadable(requireNonNull(keytab, "keytab is null"))) {
            throw new LoginException("cannot read the keytab " + keytab);
        }
        Subject subject = new Subject();
        LoginContext login = new LoginContext("lakegate-thrift", subject, null, keytabLogin(resolved, keytab));
        login.login();
        return new KerberosService(resolved, subject);
    }

    private static String resolveHost(String principal) {
        if (!principal.contains(HOST_PATTERN)) {
            return principal;
        }
        try {
            return principal.replace(
                    HOST_PATTERN,
                    InetAddress.getLocalHost().getCanonicalHostName().toLowerCase(Locale.ROOT));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot resolve _HOST in " + principal + ": " + e.getMessage(), e);
        }
    }

    private static Configuration keytabLogin(String principal, Path keytab) {
        Map<String, String> options = Map.of(
                "useKeyTab", "true",
                "keyTab", keytab.toAbsolutePath().toString(),
                "principal", principal,
                "storeKey", "true",
                "doNotPrompt", "true",
                "isInitiator", "false",
                "refreshKrb5Config", "true");
        return new Configuration() {
            @Override
            public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
                return new AppConfigurationEntry[] {
                    new AppConfigurationEntry(
                            "com.sun.security.auth.module.Krb5LoginModule",
                            AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                            options)
                };
            }
        };
    }

    public String principal() {
        return principal;
    }

    /**
     * A GSSAPI server offering only the {@code auth} quality of protection. Its steps must run through
     * {@link #call}, which gives them the service's credentials.
     */
    SaslServer newServer(ProxyUsers proxyUsers) throws SaslException {
        return call(() -> Sasl.createSaslServer(
                MECHANISM,
                serviceName,
                host,
                Map.of(Sasl.QOP, "auth", Sasl.SERVER_AUTH, "true"),
                callbacks -> authorize(callbacks, proxyUsers)));
    }

    /** Runs a step of a GSSAPI exchange as the service. */
    @SuppressWarnings("removal") // Subject.doAs is the JDK 17 way to hand GSS its credentials
    <T> T call(PrivilegedExceptionAction<T> step) throws SaslException {
        try {
            return Subject.doAs(subject, step);
        } catch (PrivilegedActionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof SaslException sasl ? sasl : new SaslException(cause.getMessage(), cause);
        }
    }

    /** The user name of a client's principal, or null when it is of another realm (DEFAULT rule). */
    String shortName(String clientPrincipal) {
        int at = clientPrincipal.lastIndexOf('@');
        if (at <= 0 || !clientPrincipal.substring(at + 1).equals(realm)) {
            return null;
        }
        String name = clientPrincipal.substring(0, at);
        String[] parts = name.split("/", -1);
        return parts.length > 2 || parts[0].isEmpty() ? null : parts[0];
    }

    private void authorize(Callback[] callbacks, ProxyUsers proxyUsers) throws UnsupportedCallbackException {
        for (Callback callback : callbacks) {
            if (!(callback instanceof AuthorizeCallback authorize)) {
                throw new UnsupportedCallbackException(callback);
            }
            String authenticated = authorize.getAuthenticationID();
            String requested = authorize.getAuthorizationID();
            String user = shortName(authenticated);
            boolean same = requested == null || requested.equals(authenticated);
            authorize.setAuthorized(
                    user != null && (same || requested.equals(user) || proxyUsers.mayImpersonate(user, requested)));
        }
    }
}

package dev.lakegate.hms.server.auth;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Hashtable;
import java.util.List;
import javax.naming.AuthenticationException;
import javax.naming.Context;
import javax.naming.NamingException;
import javax.naming.directory.InitialDirContext;
import javax.naming.ldap.Rdn;

/**
 * Checks a password by binding to an LDAP directory as the user, as HMS's LDAP mode does: the user's DN
 * is {@code uid=USER,BASE_DN}, or each of the given patterns in turn with {@code %s} replaced by the
 * user (HMS's {@code metastore.authentication.ldap.baseDN} and {@code .userDNPattern}). The user is
 * escaped as an RDN value, so a name cannot reach another part of the directory, and an empty password
 * is refused before any bind: LDAP takes a bind without password as an anonymous one, which succeeds.
 *
 * <p>JNDI, the JDK's LDAP client, rather than UnboundID's SDK: a simple bind is all this needs, and it
 * adds no dependency to the gateway (UnboundID serves only the tests, as an in-memory directory).
 */
public final class LdapPasswordCheck implements PasswordCheck {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI url;
    private final List<String> userDnPatterns;

    private LdapPasswordCheck(URI url, List<String> userDnPatterns) {
        this.url = requireNonNull(url, "url is null");
        if (!"ldap".equals(url.getScheme()) && !"ldaps".equals(url.getScheme())) {
            throw new IllegalArgumentException("an LDAP URL is ldap:// or ldaps://: " + url);
        }
        this.userDnPatterns = List.copyOf(userDnPatterns);
        if (this.userDnPatterns.isEmpty()
                || this.userDnPatterns.stream().anyMatch(pattern -> !pattern.contains("%s"))) {
            throw new IllegalArgumentException("each user DN pattern holds %s: " + userDnPatterns);
        }
    }

    /** Binds as {@code uid=USER,baseDn}. */
    public static LdapPasswordCheck withBaseDn(URI url, String baseDn) {
        return new LdapPasswordCheck(url, List.of("uid=%s," + requireNonNull(baseDn, "baseDn is null")));
    }

    /** Binds as each pattern in turn, {@code %s} the user, until one bind succeeds. */
    public static LdapPasswordCheck withUserDnPatterns(URI url, List<String> patterns) {
        return new LdapPasswordCheck(url, patterns);
    }

    @Override
    public boolean matches(String user, char[] password) throws IOException {
        if (password.length == 0) {
            return false;
        }
        String value = Rdn.escapeValue(user);
        NamingException unreachable = null;
        for (String pattern : userDnPatterns) {
            try {
                bind(pattern.replace("%s", value), password);
                return true;
            } catch (AuthenticationException e) {
                // wrong password, or no such DN: try the next pattern
            } catch (NamingException e) {
                unreachable = e;
            }
        }
        if (unreachable != null) {
            throw new IOException("LDAP at " + url + ": " + unreachable.getMessage(), unreachable);
        }
        return false;
    }

    private void bind(String dn, char[] password) throws NamingException {
        Hashtable<String, Object> environment = new Hashtable<>();
        environment.put(Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.ldap.LdapCtxFactory");
        environment.put(Context.PROVIDER_URL, url.toString());
        environment.put(Context.SECURITY_AUTHENTICATION, "simple");
        environment.put(Context.SECURITY_PRINCIPAL, dn);
        environment.put(Context.SECURITY_CREDENTIALS, password.clone());
        environment.put("com.sun.jndi.ldap.connect.timeout", Long.toString(TIMEOUT.toMillis()));
        environment.put("com.sun.jndi.ldap.read.timeout", Long.toString(TIMEOUT.toMillis()));
        new InitialDirContext(environment).close();
    }

    @Override
    public String describe() {
        return "LDAP at " + url + " as " + userDnPatterns;
    }
}

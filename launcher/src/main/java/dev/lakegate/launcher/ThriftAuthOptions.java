package dev.lakegate.launcher;

import dev.lakegate.hms.server.auth.KerberosService;
import dev.lakegate.hms.server.auth.LdapPasswordCheck;
import dev.lakegate.hms.server.auth.PasswordFile;
import dev.lakegate.hms.server.auth.ProxyUsers;
import dev.lakegate.hms.server.auth.ThriftAuthentication;
import dev.lakegate.hms.server.auth.TokenLifetimes;
import dev.lakegate.hms.server.auth.UserGroups;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.security.auth.login.LoginException;
import picocli.CommandLine.Option;

/**
 * How the Thrift door authenticates clients, as HMS 4's {@code metastore.authentication}: none (NOSASL,
 * the default: {@code set_ugi} is trusted), or SASL only, PLAIN checked by LDAP or a password file, or
 * Kerberos (GSSAPI). Secrets never pass through these options: passwords live in LDAP or as hashes.
 */
final class ThriftAuthOptions {

    enum Mode {
        NONE,
        LDAP,
        CONFIG,
        KERBEROS
    }

    @Option(
            names = "--thrift-auth",
            paramLabel = "none|ldap|config|kerberos",
            defaultValue = "none",
            converter = ModeConverter.class,
            description = "Authentication of Thrift clients, as HMS's metastore.authentication: none (NOSASL, "
                    + "default), ldap or config (SASL PLAIN, checked by an LDAP bind or --thrift-password-file), "
                    + "kerberos (SASL GSSAPI). With SASL the port takes SASL clients only.")
    Mode mode;

    @Option(names = "--thrift-ldap-url", paramLabel = "URL", description = "LDAP server for --thrift-auth ldap.")
    URI ldapUrl;

    @Option(
            names = "--thrift-ldap-base-dn",
            paramLabel = "DN",
            description = "Binds as uid=USER,DN (HMS's metastore.authentication.ldap.baseDN).")
    String ldapBaseDn;

    @Option(
            names = "--thrift-ldap-user-dn-pattern",
            paramLabel = "PATTERN",
            split = ":",
            description = "DN patterns with %s for the user, tried in turn, colon-separated "
                    + "(HMS's metastore.authentication.ldap.userDNPattern); instead of --thrift-ldap-base-dn.")
    List<String> ldapUserDnPatterns;

    @Option(
            names = "--thrift-password-file",
            paramLabel = "FILE",
            description = "For --thrift-auth config: lines USER:pbkdf2-sha256:ITERATIONS:SALT_HEX:HASH_HEX.")
    Path passwordFile;

    @Option(
            names = "--thrift-kerberos-principal",
            paramLabel = "PRINCIPAL",
            description = "The gateway's service principal, e.g. hive/_HOST@REALM (_HOST: this host's name).")
    String kerberosPrincipal;

    @Option(names = "--thrift-kerberos-keytab", paramLabel = "FILE", description = "Keytab of that principal.")
    Path kerberosKeytab;

    @Option(
            names = "--proxy-user",
            paramLabel = "PROXY=USERS",
            split = ",(?=[^,;=]+=)",
            description = "Lets an authenticated user act as others through set_ugi or a SASL authorization id, "
                    + "repeatable: hive=* or hive=alice;bob (default: nobody, as HMS under SASL).")
    List<String> proxyUsers;

    @Option(
            names = "--delegation-token-renew-interval",
            paramLabel = "SECONDS",
            defaultValue = "86400",
            description = "With --thrift-auth kerberos: how long a delegation token lasts from its issue or renewal "
                    + "(HMS's metastore.cluster.delegation.token.renew-interval; default 1 day).")
    long tokenRenewSeconds;

    @Option(
            names = "--delegation-token-max-lifetime",
            paramLabel = "SECONDS",
            defaultValue = "604800",
            description = "How long a delegation token lasts at most, renewed or not (default 7 days).")
    long tokenMaxLifetimeSeconds;

    @Option(
            names = "--delegation-key-update-interval",
            paramLabel = "SECONDS",
            defaultValue = "86400",
            description = "How long a master key signs new delegation tokens before the next (default 1 day).")
    long keyUpdateSeconds;

    @Option(
            names = "--thrift-user-groups",
            paramLabel = "unix|set-ugi|none",
            defaultValue = "unix",
            description = "Where the groups of a Thrift caller come from, for authorization: unix (this host's, "
                    + "`id -Gn USER`, as HMS's default Hadoop group mapping), set-ugi (the groups set_ugi names, "
                    + "on connections without --thrift-auth only) or none (default: unix).")
    String userGroups;

    /** Where the groups of the door's users come from ({@code --thrift-user-groups}). */
    UserGroups userGroups() {
        return UserGroups.named(userGroups == null ? "unix" : userGroups.trim());
    }

    /**
     * The authentication asked for, ready to serve (Kerberos logged in, the password file read).
     *
     * @throws IllegalArgumentException when settings are missing or contradict each other
     */
    Optional<ThriftAuthentication> open() throws IOException, LoginException {
        ProxyUsers proxies = ProxyUsers.of(proxyUsers == null ? List.of() : proxyUsers);
        return switch (mode) {
            case NONE -> {
                if (!proxies.isEmpty()) {
                    throw new IllegalArgumentException("--proxy-user needs --thrift-auth other than none");
                }
                yield Optional.empty();
            }
            case LDAP -> Optional.of(ThriftAuthentication.plain(ldap(), proxies));
            case CONFIG ->
                Optional.of(ThriftAuthentication.plain(
                        PasswordFile.read(required(passwordFile, "--thrift-password-file")), proxies));
            case KERBEROS ->
                Optional.of(ThriftAuthentication.kerberos(
                                KerberosService.login(
                                        required(kerberosPrincipal, "--thrift-kerberos-principal"),
                                        required(kerberosKeytab, "--thrift-kerberos-keytab")),
                                proxies)
                        .withTokenLifetimes(new TokenLifetimes(
                                Duration.ofSeconds(tokenRenewSeconds),
                                Duration.ofSeconds(tokenMaxLifetimeSeconds),
                                Duration.ofSeconds(keyUpdateSeconds))));
        };
    }

    private LdapPasswordCheck ldap() {
        URI url = required(ldapUrl, "--thrift-ldap-url");
        boolean patterns = ldapUserDnPatterns != null && !ldapUserDnPatterns.isEmpty();
        if (patterns == (ldapBaseDn != null)) {
            throw new IllegalArgumentException(
                    "--thrift-auth ldap needs one of --thrift-ldap-base-dn and --thrift-ldap-user-dn-pattern");
        }
        return patterns
                ? LdapPasswordCheck.withUserDnPatterns(url, ldapUserDnPatterns)
                : LdapPasswordCheck.withBaseDn(url, ldapBaseDn);
    }

    private <T> T required(T value, String option) {
        if (value == null) {
            throw new IllegalArgumentException(
                    "--thrift-auth " + mode.name().toLowerCase(java.util.Locale.ROOT) + " needs " + option);
        }
        return value;
    }

    static final class ModeConverter implements picocli.CommandLine.ITypeConverter<Mode> {
        @Override
        public Mode convert(String value) {
            try {
                return Mode.valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(
                        "expected none, ldap, config or kerberos: " + value);
            }
        }
    }
}

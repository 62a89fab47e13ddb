package dev.lakegate.hms.server.auth;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import javax.security.sasl.SaslException;

/**
 * How the Thrift door authenticates its clients when SASL is on (HMS's {@code metastore.authentication}
 * other than NOSASL): PLAIN checked by a {@link PasswordCheck} (HMS's LDAP and CONFIG modes), or GSSAPI
 * with a {@link KerberosService} (KERBEROS). The authenticated user is the connection's user; who may act
 * as someone else is said by the {@link ProxyUsers}.
 */
public final class ThriftAuthentication {

    private final Optional<PasswordCheck> passwords;
    private final Optional<KerberosService> kerberos;
    private final ProxyUsers proxyUsers;
    private final Optional<DelegationTokenPasswords> tokens;
    private final TokenLifetimes tokenLifetimes;

    private ThriftAuthentication(
            Optional<PasswordCheck> passwords,
            Optional<KerberosService> kerberos,
            ProxyUsers proxyUsers,
            Optional<DelegationTokenPasswords> tokens,
            TokenLifetimes tokenLifetimes) {
        this.passwords = passwords;
        this.kerberos = kerberos;
        this.proxyUsers = requireNonNull(proxyUsers, "proxyUsers is null");
        this.tokens = tokens;
        this.tokenLifetimes = requireNonNull(tokenLifetimes, "tokenLifetimes is null");
    }

    /** SASL PLAIN only, as HMS 4 in its LDAP and CONFIG modes. */
    public static ThriftAuthentication plain(PasswordCheck passwords, ProxyUsers proxyUsers) {
        return new ThriftAuthentication(
                Optional.of(requireNonNull(passwords, "passwords is null")),
                Optional.empty(),
                proxyUsers,
                Optional.empty(),
                TokenLifetimes.HMS_DEFAULTS);
    }

    /** SASL GSSAPI only, as HMS in its KERBEROS mode without delegation tokens. */
    public static ThriftAuthentication kerberos(KerberosService service, ProxyUsers proxyUsers) {
        return new ThriftAuthentication(
                Optional.empty(),
                Optional.of(requireNonNull(service, "service is null")),
                proxyUsers,
                Optional.empty(),
                TokenLifetimes.HMS_DEFAULTS);
    }

    /** Whether the metastore issues delegation tokens: as HMS, only when it authenticates with Kerberos. */
    public boolean issuesDelegationTokens() {
        return kerberos.isPresent();
    }

    /**
     * This authentication with DIGEST-MD5 for delegation tokens too, their passwords found by {@code passwords}.
     *
     * @throws IllegalStateException without Kerberos: HMS issues and takes tokens on its Kerberos port only
     */
    public ThriftAuthentication withDelegationTokens(DelegationTokenPasswords passwords) {
        if (!issuesDelegationTokens()) {
            throw new IllegalStateException("delegation tokens are served beside Kerberos only");
        }
        return new ThriftAuthentication(
                this.passwords,
                kerberos,
                proxyUsers,
                Optional.of(requireNonNull(passwords, "passwords is null")),
                tokenLifetimes);
    }

    /** How long the delegation tokens issued on this door live (default: HMS's defaults). */
    public TokenLifetimes tokenLifetimes() {
        return tokenLifetimes;
    }

    /** This authentication with delegation tokens living as {@code lifetimes} say. */
    public ThriftAuthentication withTokenLifetimes(TokenLifetimes lifetimes) {
        return new ThriftAuthentication(passwords, kerberos, proxyUsers, tokens, lifetimes);
    }

    /**
     * The server side of an exchange in {@code mechanism}, as the client named it in its START message;
     * empty when that mechanism is not served.
     */
    public Optional<SaslExchange> start(String mechanism) throws SaslException {
        if (PlainSaslServer.MECHANISM.equals(mechanism) && passwords.isPresent()) {
            return Optional.of(new SaslExchange(new PlainSaslServer(passwords.get(), proxyUsers), null));
        }
        if (KerberosService.MECHANISM.equals(mechanism) && kerberos.isPresent()) {
            KerberosService service = kerberos.get();
            return Optional.of(new SaslExchange(service.newServer(proxyUsers), service));
        }
        if (TokenSaslServer.MECHANISM.equals(mechanism) && tokens.isPresent()) {
            return Optional.of(new SaslExchange(
                    TokenSaslServer.create(tokens.get()),
                    null,
                    id -> TokenSaslServer.identifier(id).owner()));
        }
        return Optional.empty();
    }

    public ProxyUsers proxyUsers() {
        return proxyUsers;
    }

    /** For the startup log line, without secrets. */
    public String describe() {
        String mechanism = passwords
                .map(check -> "SASL PLAIN checked against " + check.describe())
                .orElseGet(() -> "SASL GSSAPI as " + kerberos.orElseThrow().principal()
                        + (tokens.isPresent() ? " and DIGEST-MD5 with delegation tokens" : ""));
        return mechanism + ", QOP auth, " + proxyUsers;
    }
}

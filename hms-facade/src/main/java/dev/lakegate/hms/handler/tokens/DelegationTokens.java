package dev.lakegate.hms.handler.tokens;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.handler.kept.HiveTokenStore;
import dev.lakegate.hms.server.auth.DelegationTokenIdentifier;
import dev.lakegate.hms.server.auth.TokenLifetimes;
import dev.lakegate.translator.error.HmsFailure;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.security.sasl.SaslException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.delegation.DelegationKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metastore's delegation tokens: issued to a Kerberos-authenticated user, renewed by their renewer,
 * cancelled, and checked when a client authenticates with one (SASL DIGEST-MD5). Tokens are Hadoop's
 * ({@link Token} of kind {@value DelegationTokenIdentifier#KIND}, password HMAC-SHA1 of the identifier under a
 * {@link MasterKeys master key}) and are kept in HMS's token store as HMS's {@code DBTokenStore} keeps them, so a
 * token one gateway issued authenticates on every gateway of the catalog.
 *
 * <p>As HMS: a token used after its renewal date but before its maximum date is renewed as it authenticates
 * (HMS's token-store secret manager does so, and Spark relies on it, not renewing the metastore's tokens);
 * the messages of a refused renewal are Hadoop's. Stricter than HMS, whose token-store manager cancels any
 * token for anyone: only the token's owner or renewer may cancel it, as Hadoop's own secret managers rule.
 */
public final class DelegationTokens {

    private static final Logger log = LoggerFactory.getLogger(DelegationTokens.class);

    private static final String HMAC = "HmacSHA1";
    /** HMS's token remover's period ({@code metastore.cluster.delegation.token.gc-interval}'s default). */
    private static final long SWEEP_MILLIS = 60 * 60 * 1000L;

    private static final int ISSUE_ATTEMPTS = 5;
    private static final DateTimeFormatter HADOOP_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSSZ");

    private final HiveTokenStore store = new HiveTokenStore();
    private final TokenLifetimes lifetimes;
    private final Clock clock;
    private final MasterKeys keys;
    private final AtomicInteger sequence = new AtomicInteger(new SecureRandom().nextInt(1 << 30));
    private final AtomicLong lastSweep = new AtomicLong();

    public DelegationTokens(TokenLifetimes lifetimes, Clock clock) {
        this.lifetimes = requireNonNull(lifetimes, "lifetimes is null");
        this.clock = requireNonNull(clock, "clock is null");
        this.keys = new MasterKeys(store, lifetimes);
    }

    /**
     * A token for {@code owner}, renewable by {@code renewer}, asked for by {@code caller}, in the string form
     * clients pass around ({@link Token#encodeToUrlString()}).
     */
    public String issue(CatalogClient client, String caller, String owner, String renewer) {
        long now = clock.millis();
        sweep(client, now);
        DelegationKey key = keys.current(client, now);
        for (int attempt = 1; ; attempt++) {
            DelegationTokenIdentifier identifier = new DelegationTokenIdentifier(
                    owner,
                    shortName(renewer),
                    caller,
                    now,
                    now + lifetimes.maxLifetime().toMillis(),
                    sequence.incrementAndGet(),
                    key.getKeyId());
            byte[] password = sign(identifier, key);
            // a racing gateway may have issued the same identifier (same millisecond, same number): take the next
            if (store.addToken(
                    client,
                    storeKey(identifier),
                    TokenInformation.of(password, renewalFrom(now)).encode())) {
                return encode(identifier, password);
            }
            if (attempt == ISSUE_ATTEMPTS) {
                throw HmsFailure.meta("Could not store token");
            }
        }
    }

    /** Renews the token for {@code caller}, who must be its renewer; answers its new expiry date (ms). */
    public long renew(CatalogClient client, String caller, String tokenString) {
        Token<?> token = decode(tokenString);
        DelegationTokenIdentifier id = identifier(token.getIdentifier());
        String kept = store.token(client, storeKey(id));
        if (kept.isEmpty()) {
            throw HmsFailure.meta("token does not exist: " + id);
        }
        long now = clock.millis();
        if (id.maxDate() < now) {
            throw HmsFailure.meta(caller + " tried to renew an expired token (" + id + ") max expiration date: "
                    + time(id.maxDate()) + " currentTime: " + time(now));
        }
        if (id.renewer().isEmpty()) {
            throw HmsFailure.meta(caller + " tried to renew a token (" + id + ") without a renewer");
        }
        if (!id.renewer().equals(caller)) {
            throw HmsFailure.meta(
                    caller + " tries to renew a token (" + id + ") with non-matching renewer " + id.renewer());
        }
        DelegationKey key = keys.find(client, id.masterKeyId())
                .orElseThrow(() -> HmsFailure.meta("Unable to find master key for keyId=" + id.masterKeyId()
                        + " from cache. Failed to renew an unexpired token (" + id + ") with sequenceNumber="
                        + id.sequenceNumber()));
        byte[] password = sign(id, key);
        if (!MessageDigest.isEqual(password, token.getPassword())) {
            throw HmsFailure.meta(caller + " is trying to renew a token (" + id + ") with wrong password");
        }
        long renewed = Math.min(id.maxDate(), renewalFrom(now));
        replace(client, id, TokenInformation.of(password, renewed));
        return renewed;
    }

    /** Cancels the token for {@code caller}, its owner or renewer; a token not kept (any more) is no error, as HMS. */
    public void cancel(CatalogClient client, String caller, String tokenString) {
        DelegationTokenIdentifier id = identifier(decode(tokenString).getIdentifier());
        if (!caller.equals(shortName(id.owner())) && !caller.equals(id.renewer())) {
            throw HmsFailure.meta(caller + " is not authorized to cancel the token (" + id + ")");
        }
        if (store.removeToken(client, storeKey(id))) {
            log.info("Cancelled the delegation token ({}) for {}", id, caller);
        }
    }

    /**
     * The password of a token a client authenticates with, renewing it first if it is past its renewal date but
     * not its maximum date (as HMS).
     */
    public byte[] password(CatalogClient client, DelegationTokenIdentifier id) throws SaslException {
        String kept = store.token(client, storeKey(id));
        if (kept.isEmpty()) {
            throw new SaslException("token expired or does not exist: " + id);
        }
        long now = clock.millis();
        if (now > id.maxDate()) {
            throw new SaslException("Expiration time passed. Cannot renew the token: " + id);
        }
        TokenInformation information = TokenInformation.decode(kept);
        if (now > information.renewDate()) {
            replace(client, id, TokenInformation.of(information.password(), Math.min(id.maxDate(), renewalFrom(now))));
        }
        return information.password();
    }

    private long renewalFrom(long now) {
        return now + lifetimes.renewInterval().toMillis();
    }

    /** Kept over the old: HMS's store has no update of a token, so the renewal is a removal and an add. */
    private void replace(CatalogClient client, DelegationTokenIdentifier id, TokenInformation information) {
        store.removeToken(client, storeKey(id));
        store.addToken(client, storeKey(id), information.encode());
    }

    /** At most once an hour on each gateway: tokens past their maximum date, then keys no token needs. */
    private void sweep(CatalogClient client, long now) {
        long last = lastSweep.get();
        if (now - last < SWEEP_MILLIS || !lastSweep.compareAndSet(last, now)) {
            return;
        }
        for (String kept : store.tokenIdentifiers(client)) {
            try {
                DelegationTokenIdentifier id =
                        DelegationTokenIdentifier.parse(Base64.getUrlDecoder().decode(kept));
                if (id.maxDate() < now && store.removeToken(client, kept)) {
                    log.info("Removed the expired delegation token ({})", id);
                }
            } catch (IOException | IllegalArgumentException e) {
                // kept by another secret manager (HiveServer2's) in a form not ours: its own remover sweeps it
            }
        }
        keys.removeExpired(client, now);
    }

    /** The short name of a renewer's principal: {@code hive/host@REALM} renews as {@code hive}. */
    private static String shortName(String principal) {
        if (principal == null) {
            return "";
        }
        int end = principal.length();
        for (char separator : new char[] {'/', '@'}) {
            int at = principal.indexOf(separator);
            if (at >= 0) {
                end = Math.min(end, at);
            }
        }
        return principal.substring(0, end);
    }

    private static byte[] sign(DelegationTokenIdentifier identifier, DelegationKey key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key.getEncodedKey(), HMAC));
            return mac.doFinal(identifier.bytes());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK always has " + HMAC, e);
        }
    }

    /** Under what HMS's DBTokenStore keeps a token: the identifier's bytes in URL-safe Base64. */
    private static String storeKey(DelegationTokenIdentifier identifier) {
        return Base64.getUrlEncoder().encodeToString(identifier.bytes());
    }

    private static String encode(DelegationTokenIdentifier identifier, byte[] password) {
        try {
            return new Token<>(identifier.bytes(), password, new Text(DelegationTokenIdentifier.KIND), new Text())
                    .encodeToUrlString();
        } catch (IOException e) {
            throw new IllegalStateException("a token in memory always encodes", e);
        }
    }

    private static Token<?> decode(String tokenString) {
        if (tokenString == null || tokenString.isEmpty()) {
            throw HmsFailure.meta("not a delegation token: empty");
        }
        Token<?> token = new Token<>();
        try {
            token.decodeFromUrlString(tokenString);
            return token;
        } catch (IOException | RuntimeException e) {
            throw HmsFailure.meta("not a delegation token: " + e.getMessage());
        }
    }

    private static DelegationTokenIdentifier identifier(byte[] bytes) {
        try {
            return DelegationTokenIdentifier.parse(bytes);
        } catch (IOException e) {
            throw HmsFailure.meta(e.getMessage());
        }
    }

    private static String time(long millis) {
        return HADOOP_TIME.format(Instant.ofEpochMilli(millis).atZone(ZoneId.systemDefault()));
    }
}

package dev.lakegate.hms.handler.tokens;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.handler.kept.HiveTokenStore;
import dev.lakegate.hms.server.auth.TokenLifetimes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.security.token.delegation.DelegationKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The secrets that sign delegation tokens, kept in HMS's master-key store (the catalog's, so every gateway on
 * one catalog verifies every gateway's tokens) in HMS's form: Hadoop's {@link DelegationKey} written as a
 * Writable in URL-safe Base64. A key signs new tokens for {@link TokenLifetimes#keyUpdateInterval()} and is
 * kept until the last token it could have signed is past its maximum lifetime, as Hadoop's secret managers
 * date it; then the next gateway to sweep removes it. Keys read are remembered: a key never changes.
 */
final class MasterKeys {

    private static final Logger log = LoggerFactory.getLogger(MasterKeys.class);

    /** The size of HMAC-SHA1's output: a longer key adds nothing, a shorter one weakens it. */
    private static final int KEY_BYTES = 20;

    private final HiveTokenStore store;
    private final TokenLifetimes lifetimes;
    private final SecureRandom random = new SecureRandom();
    private final Map<Integer, DelegationKey> known = new ConcurrentHashMap<>();

    MasterKeys(HiveTokenStore store, TokenLifetimes lifetimes) {
        this.store = requireNonNull(store, "store is null");
        this.lifetimes = requireNonNull(lifetimes, "lifetimes is null");
    }

    /** The key to sign a token issued at {@code now}: the newest still in its signing period, else a new one. */
    DelegationKey current(CatalogClient client, long now) {
        Optional<DelegationKey> signing = newestSigning(now);
        if (signing.isEmpty()) {
            reload(client);
            signing = newestSigning(now);
        }
        return signing.orElseGet(() -> create(client, now));
    }

    /** The key {@code keyId} names, read from the store when this gateway has not seen it. */
    Optional<DelegationKey> find(CatalogClient client, int keyId) {
        if (!known.containsKey(keyId)) {
            reload(client);
        }
        return Optional.ofNullable(known.get(keyId));
    }

    /** Removes the keys no unexpired token can have been signed with. */
    void removeExpired(CatalogClient client, long now) {
        reload(client);
        for (DelegationKey key : known.values()) {
            if (key.getExpiryDate() < now && store.removeMasterKey(client, key.getKeyId())) {
                log.info("Removed the expired delegation token master key {}", key.getKeyId());
            }
            if (key.getExpiryDate() < now) {
                known.remove(key.getKeyId());
            }
        }
    }

    private Optional<DelegationKey> newestSigning(long now) {
        long signingFor = lifetimes.keyUpdateInterval().toMillis();
        long keptFor = signingFor + lifetimes.maxLifetime().toMillis();
        return known.values().stream()
                .filter(key -> key.getExpiryDate() - keptFor + signingFor > now)
                .max(Comparator.comparingInt(DelegationKey::getKeyId));
    }

    /**
     * A new key under the next number of the store; as HMS's secret manager, kept first without its number (the
     * store gives it), then rewritten with it. Two gateways rolling at once each add one: both sign validly.
     */
    private DelegationKey create(CatalogClient client, long now) {
        byte[] secret = new byte[KEY_BYTES];
        random.nextBytes(secret);
        long expiry = now
                + lifetimes.keyUpdateInterval().toMillis()
                + lifetimes.maxLifetime().toMillis();
        int number = store.addMasterKey(client, encode(new DelegationKey(0, expiry, secret)));
        DelegationKey key = new DelegationKey(number, expiry, secret);
        store.updateMasterKey(client, number, encode(key));
        known.put(number, key);
        log.info("New delegation token master key {}", number);
        return key;
    }

    private void reload(CatalogClient client) {
        for (String kept : store.masterKeys(client)) {
            decode(kept).ifPresent(key -> known.putIfAbsent(key.getKeyId(), key));
        }
    }

    private static String encode(DelegationKey key) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            key.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Base64.getUrlEncoder().encodeToString(bytes.toByteArray());
    }

    /** A kept key; empty (and logged) for one that is not a key, e.g. written by another tool. */
    private static Optional<DelegationKey> decode(String kept) {
        DelegationKey key = new DelegationKey();
        try (DataInputStream in = new DataInputStream(
                new ByteArrayInputStream(Base64.getUrlDecoder().decode(kept)))) {
            key.readFields(in);
            return key.getKey() == null || key.getKeyId() == 0 ? Optional.empty() : Optional.of(key);
        } catch (IOException | IllegalArgumentException e) {
            log.warn("Skipping a master key that cannot be read: {}", e.getMessage());
            return Optional.empty();
        }
    }
}

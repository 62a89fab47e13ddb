package dev.lakegate.hms.server.auth;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * How long the metastore's delegation tokens and the master keys that sign them live, HMS's settings
 * {@code metastore.cluster.delegation.token.renew-interval}, {@code .max-lifetime} and
 * {@code metastore.cluster.delegation.key.update-interval}; {@link #HMS_DEFAULTS} are HMS's defaults.
 *
 * @param renewInterval how long a token lasts from its issue or its last renewal
 * @param maxLifetime how long a token lasts at most, renewed or not
 * @param keyUpdateInterval how long a master key signs new tokens before the next one takes over
 */
public record TokenLifetimes(Duration renewInterval, Duration maxLifetime, Duration keyUpdateInterval) {

    public static final TokenLifetimes HMS_DEFAULTS =
            new TokenLifetimes(Duration.ofDays(1), Duration.ofDays(7), Duration.ofDays(1));

    public TokenLifetimes {
        for (Duration duration : new Duration[] {
            requireNonNull(renewInterval, "renewInterval is null"),
            requireNonNull(maxLifetime, "maxLifetime is null"),
            requireNonNull(keyUpdateInterval, "keyUpdateInterval is null")
        }) {
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("token lifetimes are positive: " + duration);
            }
        }
    }
}

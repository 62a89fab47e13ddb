package dev.lakegate.catalog.server.grpc.auth;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.Set;

/**
 * How bearer tokens are checked: the keys that sign them (a JSON Web Key Set, as a file or an http(s) address),
 * the issuer and audience they must name if given, the claim that names the caller, and the callers that may act
 * for others (a gateway forwarding its own clients' calls names them in {@code x-lakegate-principal}).
 */
public record JwtSettings(
        String keys, Optional<String> issuer, Optional<String> audience, String principalClaim, Set<String> proxies) {

    public JwtSettings {
        requireNonNull(keys, "keys is null");
        requireNonNull(issuer, "issuer is null");
        requireNonNull(audience, "audience is null");
        requireNonNull(principalClaim, "principalClaim is null");
        proxies = Set.copyOf(proxies);
        if (keys.isBlank()) {
            throw new IllegalArgumentException("the keys of bearer tokens are named by a file or an address");
        }
        if (principalClaim.isBlank()) {
            throw new IllegalArgumentException("the claim naming the caller is empty");
        }
    }
}

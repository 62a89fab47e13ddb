package dev.lakegate.catalog.server.grpc.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.HashSet;
import java.util.Set;

/**
 * Verifies a JWT and names its caller. A token must be signed by one of the configured keys with an asymmetric or
 * HMAC algorithm of JWS (never {@code none}), carry an expiry that has not passed and no not-before still to come
 * (a minute of clock skew allowed), the issuer and audience if configured, and the principal claim. Keys from a
 * file are read once, at start; keys from an address are fetched and cached, and fetched again for a key id not
 * seen (rotation at an identity provider).
 */
public final class JwtVerifier {

    private static final Set<JWSAlgorithm> SIGNATURES = Set.of(
            JWSAlgorithm.RS256,
            JWSAlgorithm.RS384,
            JWSAlgorithm.RS512,
            JWSAlgorithm.PS256,
            JWSAlgorithm.PS384,
            JWSAlgorithm.PS512,
            JWSAlgorithm.ES256,
            JWSAlgorithm.ES384,
            JWSAlgorithm.ES512,
            JWSAlgorithm.EdDSA,
            JWSAlgorithm.HS256,
            JWSAlgorithm.HS384,
            JWSAlgorithm.HS512);

    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    private final String principalClaim;

    public JwtVerifier(JwtSettings settings) {
        this.principalClaim = settings.principalClaim();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(SIGNATURES, keys(settings.keys())));
        JWTClaimsSet.Builder exact = new JWTClaimsSet.Builder();
        settings.issuer().ifPresent(exact::issuer);
        Set<String> required = new HashSet<>(Set.of("exp", principalClaim));
        processor.setJWTClaimsSetVerifier(
                new DefaultJWTClaimsVerifier<>(settings.audience().orElse(null), exact.build(), required));
    }

    private static JWKSource<SecurityContext> keys(String keys) {
        try {
            if (keys.startsWith("https://") || keys.startsWith("http://")) {
                URL address = URI.create(keys).toURL();
                return JWKSourceBuilder.create(address).build();
            }
            return new ImmutableJWKSet<>(JWKSet.load(Path.of(keys).toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the keys of bearer tokens from " + keys, e);
        } catch (ParseException e) {
            throw new IllegalArgumentException("not a JSON Web Key Set: " + keys + ": " + e.getMessage(), e);
        }
    }

    /** The caller the token names. */
    public String principal(String token) throws TokenRefused {
        JWTClaimsSet claims;
        try {
            claims = processor.process(token, null);
        } catch (ParseException e) {
            throw new TokenRefused("not a JWT");
        } catch (BadJOSEException e) {
            // the library's words name the failed check (signature, expiry, audience, issuer, missing claim)
            throw new TokenRefused(e.getMessage());
        } catch (JOSEException e) {
            throw new TokenRefused("cannot verify the token: " + e.getMessage());
        }
        Object principal = claims.getClaim(principalClaim);
        if (!(principal instanceof String name) || name.isBlank()) {
            throw new TokenRefused("the token's claim " + principalClaim + " names no caller");
        }
        return name;
    }
}

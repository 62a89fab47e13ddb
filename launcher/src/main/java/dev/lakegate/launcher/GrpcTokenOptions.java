package dev.lakegate.launcher;

import dev.lakegate.catalog.server.grpc.auth.BearerTokenAuthentication;
import dev.lakegate.catalog.server.grpc.auth.JwtSettings;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Option;

/** Whether the catalog's gRPC listener takes only calls with a bearer token (JWT), and how it checks them. */
final class GrpcTokenOptions {

    @Option(
            names = "--grpc-jwt-keys",
            paramLabel = "FILE|URL",
            description = "A JSON Web Key Set (a file, or an http(s) address such as an identity provider's "
                    + "jwks_uri): network calls to the catalog then need a JWT signed by one of its keys "
                    + "(header authorization: Bearer …); off by default.")
    String keys;

    @Option(names = "--grpc-jwt-issuer", description = "The issuer (iss) a token must name; any when unset.")
    String issuer;

    @Option(names = "--grpc-jwt-audience", description = "An audience (aud) a token must name; any when unset.")
    String audience;

    @Option(
            names = "--grpc-jwt-principal-claim",
            defaultValue = "sub",
            description = "The claim that names the caller (default: ${DEFAULT-VALUE}).")
    String principalClaim;

    @Option(
            names = "--grpc-proxy-users",
            split = ",",
            paramLabel = "NAME",
            description = "Callers that may call as another principal (x-lakegate-principal), such as gateways "
                    + "forwarding their own clients' calls; comma-separated.")
    List<String> proxies;

    /** The check of network calls, if keys are configured. */
    Optional<BearerTokenAuthentication> authentication() {
        if (keys == null || keys.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(BearerTokenAuthentication.of(new JwtSettings(
                keys,
                Optional.ofNullable(issuer).filter(value -> !value.isBlank()),
                Optional.ofNullable(audience).filter(value -> !value.isBlank()),
                principalClaim,
                proxies == null ? Set.of() : Set.copyOf(proxies))));
    }
}

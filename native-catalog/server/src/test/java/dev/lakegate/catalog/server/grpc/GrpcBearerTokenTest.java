package dev.lakegate.catalog.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.client.BearerToken;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import dev.lakegate.catalog.server.grpc.auth.BearerTokenAuthentication;
import dev.lakegate.catalog.server.grpc.auth.JwtSettings;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.service.RequestContext;
import dev.lakegate.catalog.server.store.ScratchStore;
import dev.lakegate.catalog.v1.Namespace;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bearer tokens on the catalog's TCP listener: real JWTs signed with a key generated here, verified against a key
 * set in a file, over a real gRPC connection; what a refused call leaves (nothing reaches the catalog).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GrpcBearerTokenTest {

    private static final String ISSUER = "https://idp.example.test";
    private static final String AUDIENCE = "lakegate";

    private final InMemoryCatalog catalog = new InMemoryCatalog();
    private final List<AutoCloseable> resources = new ArrayList<>();
    private RSAKey signing;
    private JwtSettings settings;
    private CatalogGrpcServer server;

    @TempDir
    Path dir;

    @BeforeEach
    void start() throws Exception {
        signing = new RSAKeyGenerator(2048).keyID("k1").generate();
        Path keys = dir.resolve("jwks.json");
        Files.writeString(keys, new JWKSet(signing.toPublicJWK()).toString());
        settings =
                new JwtSettings(keys.toString(), Optional.of(ISSUER), Optional.of(AUDIENCE), "sub", Set.of("gateway"));
        server = CatalogGrpcServer.builder(catalog, catalog)
                .listen(0)
                .inProcess("bearer-test-" + UUID.randomUUID())
                .authenticateNetworkCalls(BearerTokenAuthentication.of(settings))
                .executorThreads(2)
                .shutdownTimeout(Duration.ofSeconds(5))
                .start();
        resources.add(server);
    }

    @AfterEach
    void stop() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
    }

    private CatalogClient tcp() {
        CatalogClient client = CatalogClient.forAddress("127.0.0.1", server.port());
        resources.add(client);
        return client.withDeadline(Duration.ofSeconds(10));
    }

    private CatalogClient withToken(String token) {
        return tcp().intercepted(BearerToken.of(() -> token));
    }

    private String token(UnaryOperator<JWTClaimsSet.Builder> claims) throws JOSEException {
        return token(signing, claims);
    }

    private static String token(RSAKey key, UnaryOperator<JWTClaimsSet.Builder> claims) throws JOSEException {
        JWTClaimsSet.Builder valid = new JWTClaimsSet.Builder()
                .subject("alice")
                .issuer(ISSUER)
                .audience(AUDIENCE)
                .expirationTime(Date.from(Instant.now().plusSeconds(600)));
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                claims.apply(valid).build());
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    private void create(CatalogClient client, String name) {
        client.createNamespace(Namespace.newBuilder().setName(name).build());
    }

    private void assertRefused(CatalogClient client, Status.Code code, String words) {
        assertThatThrownBy(() -> create(client, "refused")).isInstanceOfSatisfying(CatalogClientException.class, e -> {
            assertThat(e.code()).isEqualTo(code);
            assertThat(e.getMessage()).contains(words);
        });
        assertThat(catalog.contexts()).as("nothing reached the catalog").isEmpty();
    }

    @Test
    void theTokensSubjectIsThePrincipalWhateverTheClientSays() throws Exception {
        create(withToken(token(claims -> claims)), "by_token");
        create(withToken(token(claims -> claims)).withPrincipal("alice"), "by_token_named");
        assertThat(catalog.contexts())
                .containsExactly(new RequestContext("alice", ""), new RequestContext("alice", ""));
    }

    @Test
    void aCallWithoutATokenIsRefused() {
        assertRefused(tcp(), Status.Code.UNAUTHENTICATED, "no bearer token");
        assertRefused(tcp().withPrincipal("alice"), Status.Code.UNAUTHENTICATED, "no bearer token");
    }

    @Test
    void anExpiredTokenIsRefused() throws Exception {
        String expired =
                token(claims -> claims.expirationTime(Date.from(Instant.now().minusSeconds(120))));
        assertRefused(withToken(expired), Status.Code.UNAUTHENTICATED, "Expired JWT");
    }

    @Test
    void aTokenWithoutExpiryIsRefused() throws Exception {
        assertRefused(withToken(token(claims -> claims.expirationTime(null))), Status.Code.UNAUTHENTICATED, "exp");
    }

    @Test
    void aTokenSignedByAnotherKeyIsRefused() throws Exception {
        RSAKey stranger = new RSAKeyGenerator(2048).keyID("k1").generate();
        assertRefused(withToken(token(stranger, claims -> claims)), Status.Code.UNAUTHENTICATED, "refused");
    }

    @Test
    void anUnsignedTokenIsRefused() {
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .subject("alice")
                .issuer(ISSUER)
                .audience(AUDIENCE)
                .expirationTime(Date.from(Instant.now().plusSeconds(600)))
                .build();
        assertRefused(withToken(new PlainJWT(claims).serialize()), Status.Code.UNAUTHENTICATED, "bearer token refused");
    }

    @Test
    void anotherIssuerOrAudienceIsRefused() throws Exception {
        assertRefused(
                withToken(token(claims -> claims.issuer("https://elsewhere.test"))),
                Status.Code.UNAUTHENTICATED,
                "iss");
        assertRefused(
                withToken(token(claims -> claims.audience("another-service"))), Status.Code.UNAUTHENTICATED, "aud");
    }

    @Test
    void garbageIsRefused() {
        assertRefused(withToken("not-a-jwt"), Status.Code.UNAUTHENTICATED, "not a JWT");
    }

    @Test
    void onlyAProxyMayCallAsAnother() throws Exception {
        assertRefused(
                withToken(token(claims -> claims)).withPrincipal("bob"),
                Status.Code.PERMISSION_DENIED,
                "alice may not call as bob");

        create(withToken(token(claims -> claims.subject("gateway"))).withPrincipal("bob"), "for_bob");
        create(withToken(token(claims -> claims.subject("gateway"))), "as_itself");
        assertThat(catalog.contexts())
                .containsExactly(new RequestContext("bob", ""), new RequestContext("gateway", ""));
    }

    @Test
    void onlyAProxyVouchesForTheGroupsOfWhomItCallsFor() throws Exception {
        ScratchStore store = ScratchStore.h2();
        resources.add(store);
        CatalogService real = new CatalogService(store.store());
        CatalogGrpcServer enforcing = CatalogGrpcServer.builder(real, real)
                .listen(0)
                .authenticateNetworkCalls(BearerTokenAuthentication.of(settings))
                .authorization(
                        new AuthorizationSettings(AuthorizationMode.ENFORCE, Set.of("root"), false, Optional.empty()))
                .start();
        resources.add(enforcing);
        String rootToken = token(claims -> claims.subject("root"));
        String erinToken = token(claims -> claims.subject("erin"));
        String gatewayToken = token(claims -> claims.subject("gateway"));
        CatalogClient root =
                CatalogClient.forAddress("127.0.0.1", enforcing.port()).intercepted(BearerToken.of(() -> rootToken));
        resources.add(root);
        root.createNamespace(AuthorizedServer.namespace("alices", "alice"));
        root.privileges()
                .grant(List.of(AuthorizedServer.onNamespace("alices", AuthorizedServer.group("analysts"), "CREATE")));
        Metadata analysts = new Metadata();
        analysts.put(CatalogWire.GROUPS, CatalogWire.groupsHeader(List.of("analysts")));
        ClientInterceptor inAnalysts = MetadataUtils.newAttachHeadersInterceptor(analysts);

        CatalogClient erinAlone = CatalogClient.forAddress("127.0.0.1", enforcing.port())
                .intercepted(BearerToken.of(() -> erinToken))
                .intercepted(inAnalysts);
        resources.add(erinAlone);
        assertThatThrownBy(() -> AuthorizedServer.createTable(erinAlone, "alices", "by_erin"))
                .isInstanceOfSatisfying(
                        CatalogClientException.class,
                        e -> assertThat(e.code()).isEqualTo(Status.Code.PERMISSION_DENIED));

        CatalogClient viaGateway = CatalogClient.forAddress("127.0.0.1", enforcing.port())
                .intercepted(BearerToken.of(() -> gatewayToken))
                .intercepted(inAnalysts)
                .withPrincipal("erin");
        resources.add(viaGateway);
        assertThat(AuthorizedServer.createTable(viaGateway, "alices", "by_erin").getOwner())
                .isEqualTo("erin");
    }

    @Test
    void inProcessCallsAndHealthChecksNeedNoToken() throws IOException {
        CatalogClient local = CatalogClient.inProcess(server.inProcessName().orElseThrow());
        resources.add(local);
        create(local.withPrincipal("embedded-user"), "in_process");
        assertThat(catalog.contexts()).containsExactly(new RequestContext("embedded-user", ""));

        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", server.port())
                .usePlaintext()
                .build();
        resources.add(() -> channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS));
        assertThat(HealthGrpc.newBlockingStub(channel)
                        .check(HealthCheckRequest.getDefaultInstance())
                        .getStatus())
                .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
    }

    @Test
    void aTokenFileIsReadAgainWhenItChanges() throws Exception {
        Path file = dir.resolve("token");
        Files.writeString(file, token(claims -> claims.subject("first")) + "\n");
        CatalogClient client = tcp().intercepted(BearerToken.fromFile(file));
        create(client, "one");
        Files.writeString(file, token(claims -> claims.subject("second")));
        Files.setLastModifiedTime(
                file, java.nio.file.attribute.FileTime.from(Instant.now().plusSeconds(5)));
        create(client, "two");
        assertThat(catalog.contexts())
                .containsExactly(new RequestContext("first", ""), new RequestContext("second", ""));
    }
}

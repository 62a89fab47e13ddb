package dev.lakegate.launcher;

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
import com.nimbusds.jwt.SignedJWT;
import dev.lakegate.catalog.client.BearerToken;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.EventType;
import dev.lakegate.catalog.v1.ListEventsRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catalog server that takes only calls with a JWT, and a gateway in front of it that sends its own token and
 * forwards its Thrift clients' users as a proxy: both as the commands start them, each in its own JVM.
 */
class BearerTokenCommandsTest {

    @TempDir
    Path dir;

    private static String token(RSAKey key, String subject) throws JOSEException {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                new JWTClaimsSet.Builder()
                        .subject(subject)
                        .expirationTime(Date.from(Instant.now().plusSeconds(3600)))
                        .build());
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    @Test
    void aGatewayWithItsTokenActsForItsClientsAndOneWithoutIsRefused() throws Exception {
        RSAKey key = new RSAKeyGenerator(2048).keyID("ops").generate();
        Path keys = Files.writeString(dir.resolve("jwks.json"), new JWKSet(key.toPublicJWK()).toString());
        Path gatewayToken = Files.writeString(dir.resolve("gateway.token"), token(key, "gateway"));
        try (ChildProcess catalog = ChildProcess.lakegate(
                        "catalog-server",
                        "--grpc-port",
                        "0",
                        "--data",
                        dir.resolve("catalog").toString(),
                        "--grpc-jwt-keys",
                        keys.toString(),
                        "--grpc-proxy-users",
                        "gateway");
                ChildProcess gateway = ChildProcess.lakegate(
                        "serve",
                        "--thrift-port",
                        "0",
                        "--catalog",
                        "127.0.0.1:" + catalog.port(),
                        "--catalog-token-file",
                        gatewayToken.toString(),
                        "--warehouse",
                        "file:" + dir.resolve("warehouse"));
                ChildProcess tokenless = ChildProcess.lakegate(
                        "serve",
                        "--thrift-port",
                        "0",
                        "--catalog",
                        "127.0.0.1:" + catalog.port(),
                        "--warehouse",
                        "file:" + dir.resolve("warehouse"))) {
            ThriftHiveMetastore.Client hms = gateway.hmsClient();
            hms.set_ugi("alice", List.of());
            hms.create_database(new Database(
                    "by_alice", "", dir.resolve("warehouse/by_alice").toUri().toString(), java.util.Map.of()));
            assertThat(hms.get_database("by_alice").getOwnerName()).isEqualTo("alice");

            assertThatThrownBy(() -> tokenless.hmsClient().get_all_databases())
                    .isInstanceOf(MetaException.class)
                    .hasMessageContaining("no bearer token");
            assertThat(catalog.output()).contains("refused", "no bearer token");

            try (CatalogClient direct = CatalogClient.forAddress("127.0.0.1", catalog.port())) {
                CatalogClient asAlice = direct.intercepted(BearerToken.of(() -> tokenOf(key, "alice")));
                List<Event> created = asAlice
                        .listEvents(ListEventsRequest.newBuilder()
                                .setAfterId(0)
                                .setPageSize(100)
                                .build())
                        .getEventsList()
                        .stream()
                        .filter(event -> event.getType() == EventType.NAMESPACE_CREATED)
                        .toList();
                // by_alice, and the default database the gateway makes on a client's first call
                assertThat(created).isNotEmpty().extracting(Event::getPrincipal).containsOnly("alice");
            }
        }
    }

    private static String tokenOf(RSAKey key, String subject) {
        try {
            return token(key, subject);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}

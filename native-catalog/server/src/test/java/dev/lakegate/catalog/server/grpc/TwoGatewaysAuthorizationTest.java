package dev.lakegate.catalog.server.grpc;

import static dev.lakegate.catalog.server.grpc.AuthorizedServer.ADMIN;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.createTable;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.namespace;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.onNamespace;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.onTable;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.role;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import dev.lakegate.catalog.server.store.ScratchStore;
import dev.lakegate.catalog.v1.GrantRoleRequest;
import dev.lakegate.catalog.v1.RevokeRoleRequest;
import dev.lakegate.catalog.v1.Role;
import io.grpc.Status;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Two gateways, each a catalog service with its own store (its own connection pool and caches) on one database,
 * enforcing: every change of grants, roles or granted objects made through one is honoured by the other's very
 * next check, with no wait, though each keeps what it read of grants between calls. On H2 the second store is a
 * second pool in this JVM; {@link PostgresTwoGatewaysAuthorizationTest} runs it on PostgreSQL, as two processes
 * share a catalog database. With a maximum staleness, the other gateway honours a change once that long has
 * passed.
 */
class TwoGatewaysAuthorizationTest {

    ScratchStore openStore() {
        return ScratchStore.h2();
    }

    /** Gateway one, where an admin changes grants, and gateway two, where a reader is checked. */
    private record Gateways(AuthorizedServer one, JdbcCatalogStore otherStore, CatalogGrpcServer two)
            implements AutoCloseable {

        static Gateways start(ScratchStore store, boolean openUngranted, Duration maxStaleness) throws Exception {
            AuthorizedServer one = AuthorizedServer.start(store, AuthorizationMode.ENFORCE, openUngranted);
            JdbcCatalogStore otherStore = store.openAnother();
            CatalogService other = new CatalogService(otherStore);
            CatalogGrpcServer two = CatalogGrpcServer.builder(other, other)
                    .listen(0)
                    .authorization(new AuthorizationSettings(
                            AuthorizationMode.ENFORCE, Set.of(ADMIN), openUngranted, Optional.empty(), maxStaleness))
                    .start();
            return new Gateways(one, otherStore, two);
        }

        /** An admin's client on gateway one, having made the namespace and its table {@code t1} there. */
        CatalogClient adminWithTable(String ns) {
            CatalogClient admin = one.as(ADMIN);
            admin.createNamespace(namespace(ns, ADMIN));
            createTable(admin, ns, "t1");
            return admin;
        }

        CatalogClient onTwo(String principal) {
            return CatalogClient.forAddress("127.0.0.1", two.port()).withPrincipal(principal);
        }

        @Override
        public void close() throws Exception {
            two.close();
            otherStore.close();
            one.close();
        }
    }

    private static void denied(ThrowingCallable call) {
        CatalogClientException failure = catchThrowableOfType(call, CatalogClientException.class);
        assertThat(failure).as("a denial").isNotNull();
        assertThat(failure.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
    }

    @Test
    void grantsRevokesRolesAndDropsThroughOneGatewayCountAtOnceOnTheOther() throws Exception {
        try (Gateways gateways = Gateways.start(openStore(), false, Duration.ZERO);
                CatalogClient reader = gateways.onTwo("reader")) {
            CatalogClient admin = gateways.adminWithTable("shared");
            denied(() -> reader.getTable("shared", "t1"));

            admin.privileges().grant(List.of(onNamespace("shared", user("reader"), "SELECT")));
            assertThat(reader.getTable("shared", "t1").getName()).isEqualTo("t1");
            admin.privileges().revoke(List.of(onNamespace("shared", user("reader"), "SELECT")), false);
            denied(() -> reader.getTable("shared", "t1"));

            admin.roles().create(Role.newBuilder().setName("readers").build());
            admin.privileges().grant(List.of(onTable("shared", "t1", role("readers"), "SELECT")));
            denied(() -> reader.getTable("shared", "t1"));
            admin.roles()
                    .grant(GrantRoleRequest.newBuilder()
                            .setRole("readers")
                            .setMember(user("reader"))
                            .build());
            assertThat(reader.getTable("shared", "t1").getName()).isEqualTo("t1");
            admin.roles()
                    .revoke(RevokeRoleRequest.newBuilder()
                            .setRole("readers")
                            .setMember(user("reader"))
                            .build());
            denied(() -> reader.getTable("shared", "t1"));

            // A grant goes with its table: a table made again under the name is not granted.
            admin.privileges().grant(List.of(onTable("shared", "t1", user("reader"), "SELECT")));
            assertThat(reader.getTable("shared", "t1").getName()).isEqualTo("t1");
            admin.deleteTable("shared", "t1");
            createTable(admin, "shared", "t1");
            denied(() -> reader.getTable("shared", "t1"));
        }
    }

    @Test
    void anUngrantedObjectClosesOnTheOtherGatewayOnceAnyoneIsGrantedIt() throws Exception {
        try (Gateways gateways = Gateways.start(openStore(), true, Duration.ZERO);
                CatalogClient reader = gateways.onTwo("reader")) {
            CatalogClient admin = gateways.adminWithTable("open_db");
            assertThat(reader.getTable("open_db", "t1").getName()).isEqualTo("t1");

            admin.privileges().grant(List.of(onTable("open_db", "t1", user("someone"), "SELECT")));
            denied(() -> reader.getTable("open_db", "t1"));
            admin.privileges().revoke(List.of(onTable("open_db", "t1", user("someone"), "SELECT")), false);
            assertThat(reader.getTable("open_db", "t1").getName()).isEqualTo("t1");
        }
    }

    @Test
    void withAMaxStalenessTheOtherGatewayHonoursARevokeOnceThatLongHasPassed() throws Exception {
        Duration bound = Duration.ofSeconds(2);
        try (Gateways gateways = Gateways.start(openStore(), false, bound);
                CatalogClient reader = gateways.onTwo("reader")) {
            CatalogClient admin = gateways.adminWithTable("stale_db");
            admin.privileges().grant(List.of(onNamespace("stale_db", user("reader"), "SELECT")));
            Thread.sleep(bound.toMillis());
            assertThat(reader.getTable("stale_db", "t1").getName()).isEqualTo("t1");

            admin.privileges().revoke(List.of(onNamespace("stale_db", user("reader"), "SELECT")), false);
            // The version read by the call above is at most the bound old: it still counts.
            assertThat(reader.getTable("stale_db", "t1").getName()).isEqualTo("t1");
            Thread.sleep(bound.toMillis());
            denied(() -> reader.getTable("stale_db", "t1"));
        }
    }
}

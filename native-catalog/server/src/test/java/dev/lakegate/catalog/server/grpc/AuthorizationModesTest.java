package dev.lakegate.catalog.server.grpc;

import static dev.lakegate.catalog.server.grpc.AuthorizedServer.ADMIN;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.createTable;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.namespace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.store.ScratchStore;
import io.grpc.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Audit mode allows and logs; off mode checks and logs nothing; the open world lets ungranted objects be. */
class AuthorizationModesTest {

    @Test
    void auditModeAllowsWhatItWouldDenyAndLogsIt() throws Exception {
        try (AuthorizedServer catalog = AuthorizedServer.start(ScratchStore.h2(), AuthorizationMode.AUDIT, false)) {
            CatalogClient admin = catalog.as(ADMIN);
            CatalogClient alice = catalog.as("alice");
            CatalogClient bob = catalog.as("bob");
            admin.createNamespace(namespace("audited", "alice"));
            createTable(alice, "audited", "t1");
            createTable(alice, "audited", "t2");

            assertThat(bob.listAllNamespaceNames()).contains("audited");
            bob.deleteTable("audited", "t1");
            assertThat(alice.listTables(dev.lakegate.catalog.v1.ListTablesRequest.newBuilder()
                                    .setNamespace("audited")
                                    .build())
                            .getTablesList())
                    .hasSize(1);

            List<String> lines = catalog.auditLines();
            assertThat(lines)
                    .anySatisfy(line -> assertThat(line)
                            .contains(
                                    "\"principal\":\"bob\"",
                                    "\"operation\":\"DeleteTable\"",
                                    "\"decision\":\"would-deny\"",
                                    "\"result\":\"OK\""));
            assertThat(lines)
                    .anySatisfy(line -> assertThat(line)
                            .contains(
                                    "\"principal\":\"alice\"",
                                    "\"operation\":\"CreateTable\"",
                                    "\"decision\":\"allow\"",
                                    "\"why\":\"owner\""));
            assertThat(lines)
                    .anySatisfy(line -> assertThat(line)
                            .contains(
                                    "\"principal\":\"bob\"",
                                    "\"operation\":\"ListNamespaces\"",
                                    "\"decision\":\"would-deny\""));
            assertThat(lines)
                    .allSatisfy(
                            line -> assertThat(line).startsWith("{\"time\":\"").endsWith("}"));
        }
    }

    @Test
    void offModeChecksNothingAndWritesNoAuditLog() throws Exception {
        try (AuthorizedServer catalog = AuthorizedServer.start(ScratchStore.h2(), AuthorizationMode.OFF, false)) {
            CatalogClient alice = catalog.as("alice");
            CatalogClient bob = catalog.as("bob");
            alice.createNamespace(namespace("open", "alice"));
            createTable(alice, "open", "t1");
            bob.deleteTable("open", "t1");
            bob.deleteNamespace("open", true);
            assertThat(catalog.auditLines()).isEmpty();
        }
    }

    @Test
    void inTheOpenWorldAnObjectNobodyHoldsAGrantOnIsOpenAndAGrantClosesIt() throws Exception {
        try (AuthorizedServer catalog = AuthorizedServer.start(ScratchStore.h2(), AuthorizationMode.ENFORCE, true)) {
            CatalogClient admin = catalog.as(ADMIN);
            CatalogClient alice = catalog.as("alice");
            CatalogClient bob = catalog.as("bob");
            admin.createNamespace(namespace("world", "alice"));
            createTable(alice, "world", "t1");
            createTable(alice, "world", "t2");
            bob.deleteTable("world", "t1");

            admin.privileges()
                    .grant(List.of(AuthorizedServer.onTable("world", "t2", AuthorizedServer.user("carol"), "SELECT")));
            CatalogClientException failure =
                    catchThrowableOfType(() -> bob.deleteTable("world", "t2"), CatalogClientException.class);
            assertThat(failure.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
        }
    }
}

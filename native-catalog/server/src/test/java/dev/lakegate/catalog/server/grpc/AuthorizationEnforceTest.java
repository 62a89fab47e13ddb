package dev.lakegate.catalog.server.grpc;

import static dev.lakegate.catalog.server.grpc.AuthorizedServer.ADMIN;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.createTable;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.group;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.namespace;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.onNamespace;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.role;
import static dev.lakegate.catalog.server.grpc.AuthorizedServer.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.client.UnloggedCalls;
import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.store.ScratchStore;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.GrantRoleRequest;
import dev.lakegate.catalog.v1.ListEventsRequest;
import dev.lakegate.catalog.v1.ListTablesRequest;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.Role;
import dev.lakegate.catalog.v1.SkipForeignEventsRequest;
import dev.lakegate.catalog.v1.Table;
import io.grpc.Status;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Enforce mode over real gRPC on a real store (H2), objects without grants closed: owners, grants through the
 * catalog's own privilege RPCs, roles, admins, filtered listings and the audit log.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuthorizationEnforceTest {

    private AuthorizedServer catalog;
    private CatalogClient admin;
    private CatalogClient alice;
    private CatalogClient bob;
    private CatalogClient carol;

    ScratchStore openStore() {
        return ScratchStore.h2();
    }

    @BeforeAll
    void start() {
        catalog = AuthorizedServer.start(openStore(), AuthorizationMode.ENFORCE, false);
        admin = catalog.as(ADMIN);
        alice = catalog.as("alice");
        bob = catalog.as("bob");
        carol = catalog.as("carol");
    }

    @AfterAll
    void stop() throws Exception {
        catalog.close();
    }

    private static CatalogClientException denied(ThrowingCallable call) {
        CatalogClientException failure = catchThrowableOfType(call, CatalogClientException.class);
        assertThat(failure).as("a denial").isNotNull();
        assertThat(failure.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(failure.reason()).isEqualTo(ErrorReason.PERMISSION_DENIED);
        return failure;
    }

    /** A namespace an admin made for alice, with a table alice made in it as its owner. */
    private String alicesNamespaceWithTable(String name) {
        admin.createNamespace(namespace(name, "alice"));
        createTable(alice, name, "t1");
        return name;
    }

    @Test
    void aUserWithoutGrantsCannotCreateOrDropInAnothersNamespaceUntilGrantedAndAgainAfterRevoke() {
        String ns = alicesNamespaceWithTable("alice_db");

        CatalogClientException drop = denied(() -> bob.deleteTable(ns, "t1"));
        assertThat(drop.metadata())
                .containsEntry("principal", "bob")
                .containsEntry("action", "drop")
                .containsEntry("privileges", "DROP")
                .containsEntry("object_kind", "TABLE")
                .containsEntry("namespace", ns)
                .containsEntry("table", "t1")
                .containsEntry("method", "DeleteTable");
        denied(() -> createTable(bob, ns, "bobs"));
        assertThat(alice.getTable(ns, "t1").getName()).as("nothing dropped").isEqualTo("t1");
        assertThat(catalog.auditLines())
                .anySatisfy(line -> assertThat(line)
                        .contains(
                                "\"principal\":\"bob\"",
                                "\"door\":\"grpc\"",
                                "\"operation\":\"DeleteTable\"",
                                "\"object\":\"table hive." + ns + ".t1\"",
                                "\"decision\":\"deny\"",
                                "\"result\":\"PERMISSION_DENIED\""));

        admin.privileges().grant(List.of(onNamespace(ns, user("bob"), "CREATE"), onNamespace(ns, user("bob"), "DROP")));
        createTable(bob, ns, "bobs");
        bob.deleteTable(ns, "t1");
        assertThat(catalog.auditLines())
                .anySatisfy(line -> assertThat(line)
                        .contains(
                                "\"principal\":\"bob\"",
                                "\"operation\":\"DeleteTable\"",
                                "\"decision\":\"allow\"",
                                "\"result\":\"OK\""));

        createTable(alice, ns, "t3");
        admin.privileges()
                .revoke(List.of(onNamespace(ns, user("bob"), "DROP"), onNamespace(ns, user("bob"), "CREATE")), false);
        denied(() -> bob.deleteTable(ns, "t3"));
        denied(() -> createTable(bob, ns, "bobs2"));
        assertThat(alice.getTable(ns, "t3").getName()).isEqualTo("t3");
        // What bob made while he could is his: its owner may drop it.
        bob.deleteTable(ns, "bobs");
    }

    @Test
    void aRolesGrantAppliesToItsMembersAndTheMembersOfRolesHoldingIt() {
        String ns = alicesNamespaceWithTable("etl_db");
        createTable(alice, ns, "t2");
        admin.roles().create(Role.newBuilder().setName("etl").build());
        admin.roles().create(Role.newBuilder().setName("loaders").build());
        admin.roles()
                .grant(GrantRoleRequest.newBuilder()
                        .setRole("etl")
                        .setMember(role("loaders"))
                        .build());
        admin.roles()
                .grant(GrantRoleRequest.newBuilder()
                        .setRole("loaders")
                        .setMember(user("carol"))
                        .build());

        denied(() -> carol.deleteTable(ns, "t1"));
        admin.privileges().grant(List.of(onNamespace(ns, role("etl"), "DROP")));
        carol.deleteTable(ns, "t1");
        denied(() -> bob.deleteTable(ns, "t2"));
    }

    @Test
    void aGroupsGrantsAndRolesApplyToTheMembersTheDoorNames() {
        String ns = alicesNamespaceWithTable("group_db");
        createTable(alice, ns, "t2");
        CatalogClient erinInAnalysts = catalog.asMemberOf("erin", "analysts", "staff");
        CatalogClient erinAlone = catalog.as("erin");
        CatalogClient frankInStaff = catalog.asMemberOf("frank", "staff");

        denied(() -> erinInAnalysts.deleteTable(ns, "t1"));
        admin.privileges().grant(List.of(onNamespace(ns, group("analysts"), "DROP")));
        denied(() -> erinAlone.deleteTable(ns, "t1"));
        denied(() -> frankInStaff.deleteTable(ns, "t1"));
        erinInAnalysts.deleteTable(ns, "t1");

        admin.roles().create(Role.newBuilder().setName("staff_role").build());
        admin.roles()
                .grant(GrantRoleRequest.newBuilder()
                        .setRole("staff_role")
                        .setMember(group("staff"))
                        .build());
        admin.privileges().grant(List.of(onNamespace(ns, role("staff_role"), "DROP")));
        denied(() -> catalog.as("frank").deleteTable(ns, "t2"));
        frankInStaff.deleteTable(ns, "t2");
        assertThat(catalog.auditLines())
                .anySatisfy(line -> assertThat(line)
                        .contains("\"principal\":\"frank\"", "\"operation\":\"DeleteTable\"", "\"result\":\"OK\""));
    }

    @Test
    void anAdminMayDoEverythingAndOthersMayNotManageRolesOrGrants() {
        String ns = alicesNamespaceWithTable("admin_db");
        denied(() -> bob.roles().create(Role.newBuilder().setName("bobs_role").build()));
        denied(() -> bob.privileges().grant(List.of(onNamespace(ns, user("bob"), "DROP"))));
        admin.roles().create(Role.newBuilder().setName("admins_role").build());
        createTable(admin, ns, "by_admin");
        admin.deleteTable(ns, "t1");
        admin.deleteNamespace(ns, true);
        // The owner may grant on what it owns.
        String other = alicesNamespaceWithTable("alice_grants");
        alice.privileges().grant(List.of(onNamespace(other, user("bob"), "SELECT")));
        assertThat(bob.getTable(other, "t1").getName()).isEqualTo("t1");
    }

    @Test
    void listingsShowOnlyWhatTheCallerMayRead() {
        String hidden = alicesNamespaceWithTable("list_hidden");
        String shared = alicesNamespaceWithTable("list_shared");
        createTable(alice, shared, "t2");
        admin.privileges().grant(List.of(AuthorizedServer.onTable(shared, "t2", user("carol"), "SELECT")));

        assertThat(carol.listAllNamespaceNames()).contains(shared).doesNotContain(hidden);
        assertThat(alice.listAllNamespaceNames()).contains(shared, hidden);
        List<String> carolsTables =
                carol
                        .listTables(ListTablesRequest.newBuilder()
                                .setNamespace(shared)
                                .build())
                        .getTablesList()
                        .stream()
                        .map(Table::getName)
                        .toList();
        assertThat(carolsTables).containsExactly("t2");
        assertThat(bob.listTables(ListTablesRequest.newBuilder()
                                .setNamespace(hidden)
                                .build())
                        .getTablesList())
                .isEmpty();
        denied(() -> bob.getTable(hidden, "t1"));
        assertThat(admin.listAllNamespaces().stream().map(Namespace::getName)).contains(hidden, shared);
    }

    @Test
    void creatingANamespaceNeedsAGlobalGrant() {
        CatalogClient dave = catalog.as("dave");
        denied(() -> dave.createNamespace(namespace("daves_own", "dave")));
        admin.privileges().grant(List.of(AuthorizedServer.global(user("dave"), "CREATE")));
        dave.createNamespace(namespace("daves_own", "dave"));
        createTable(dave, "daves_own", "mine");
        dave.deleteTable("daves_own", "mine");
    }

    private long lastEvent() {
        return admin.listEvents(ListEventsRequest.newBuilder()
                        .setAfterId(Long.MAX_VALUE)
                        .build())
                .getLastEventId();
    }

    @Test
    void onlyAnAdminWritesWithNoEventOrSkipsAnotherMetastoresEvents() {
        String ns = alicesNamespaceWithTable("unlogged_db");
        long before = lastEvent();
        // alice may create tables in her namespace, but not unlogged: no follower of the log would see them
        CatalogClientException denial = denied(() -> createTable(UnloggedCalls.of(alice), ns, "hidden"));
        assertThat(denial.metadata()).containsEntry("action", "admin");
        denied(() -> alice.foreignEvents()
                .skip(SkipForeignEventsRequest.newBuilder()
                        .setSource("legacy-metastore")
                        .setNamespace(ns)
                        .setAfter(1)
                        .build()));
        assertThat(lastEvent()).isEqualTo(before);

        createTable(UnloggedCalls.of(admin), ns, "copied");
        assertThat(admin.getTable(ns, "copied").getName()).isEqualTo("copied");
        assertThat(lastEvent()).as("no event").isEqualTo(before);
        createTable(alice, ns, "logged");
        assertThat(lastEvent()).isEqualTo(before + 1);
    }
}

package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.PrivilegeGrant;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.model.PrivilegeObjectKind;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Privileges on a real store: grants on every kind of object kept with the catalog's time, refused twice from
 * one grantor, skipped on a table or partition that is not there; revokes of a grant or only its grant option;
 * listings; and grants that go with their table, partition, namespace or role.
 */
abstract class PrivilegeTest extends ServiceOnScratchStore {

    private static final Principal ALICE = Principal.user("alice");

    private PrivilegeOperations privileges() {
        return catalog.privileges();
    }

    private static PrivilegeGrant grant(PrivilegeObject object, Principal principal, String privilege, String grantor) {
        return new PrivilegeGrant(
                object, principal, privilege, false, Optional.of(Principal.user(grantor)), Instant.EPOCH, "");
    }

    private static PrivilegeObject partition(String namespace, List<String> values) {
        return new PrivilegeObject(PrivilegeObjectKind.PARTITION, "", namespace, "parted", values, "");
    }

    private static PrivilegeObject column(String namespace, String table, List<String> values, String column) {
        return new PrivilegeObject(PrivilegeObjectKind.COLUMN, "", namespace, table, values, column);
    }

    private static CatalogException failure(ErrorCode code, ThrowingCallable call) {
        CatalogException thrown = catchThrowableOfType(call, CatalogException.class);
        assertThat(thrown.code()).isEqualTo(code);
        return thrown;
    }

    private String namespaceWithTables() {
        String namespace = CatalogFixtures.unique("privs");
        catalog.createNamespace(CatalogFixtures.namespace(namespace), RequestContext.of("tester"));
        catalog.createTable(CatalogFixtures.hiveTable(namespace, "parted"), RequestContext.of("tester"));
        catalog.createTable(CatalogFixtures.unpartitionedHiveTable(namespace, "flat"), RequestContext.of("tester"));
        catalog.addPartitions(
                TableIdentifier.inDefaultCatalog(namespace, "parted"),
                List.of(CatalogFixtures.partition("2024-01-01", 7)),
                false,
                RequestContext.of("tester"));
        return namespace;
    }

    @Test
    void aGrantIsKeptWithTheCatalogsTimeAndRefusedTwiceFromOneGrantor() {
        Principal user = Principal.user(CatalogFixtures.unique("u"));
        List<PrivilegeGrant> kept = privileges().grant(List.of(grant(PrivilegeObject.global(), user, "SELECT", "bob")));
        assertThat(kept)
                .singleElement()
                .satisfies(g -> assertThat(g.grantTime()).isEqualTo(clock.instant()));

        CatalogException twice = failure(
                ErrorCode.PRIVILEGE_ALREADY_GRANTED,
                () -> privileges().grant(List.of(grant(PrivilegeObject.global(), user, "SELECT", "BOB"))));
        assertThat(twice.metadata()).containsEntry("privilege", "SELECT").containsEntry("grantor", "BOB");
        privileges().grant(List.of(grant(PrivilegeObject.global(), user, "SELECT", "carol")));

        assertThat(privileges().list(Optional.of(PrivilegeObject.global()), List.of(user)))
                .extracting(g -> g.grantor().orElseThrow().name())
                .containsExactly("bob", "carol");
    }

    @Test
    void aBatchIsAllOrNone() {
        String namespace = namespaceWithTables();
        PrivilegeObject table = PrivilegeObject.table("", namespace, "flat");
        privileges().grant(List.of(grant(table, ALICE, "SELECT", "bob")));
        assertCatalogError(
                ErrorCode.PRIVILEGE_ALREADY_GRANTED,
                () -> privileges()
                        .grant(List.of(grant(table, ALICE, "UPDATE", "bob"), grant(table, ALICE, "SELECT", "bob"))));
        assertThat(privileges().list(Optional.of(table), List.of(ALICE)))
                .extracting(PrivilegeGrant::privilege)
                .containsExactly("SELECT");
    }

    @Test
    void grantsOnWhatIsNotThereAreSkippedExceptOnANamespaceOrToARole() {
        String namespace = namespaceWithTables();
        List<PrivilegeGrant> kept = privileges()
                .grant(List.of(
                        grant(PrivilegeObject.table("", namespace, "missing"), ALICE, "SELECT", "bob"),
                        grant(partition(namespace, List.of("2030-01-01", "1")), ALICE, "SELECT", "bob"),
                        grant(partition(namespace.toUpperCase(), List.of("2024-01-01", "7")), ALICE, "SELECT", "bob")));
        assertThat(kept)
                .singleElement()
                .satisfies(g -> assertThat(g.object().kind()).isEqualTo(PrivilegeObjectKind.PARTITION));
        assertCatalogError(
                ErrorCode.NAMESPACE_NOT_FOUND,
                () -> privileges()
                        .grant(List.of(grant(PrivilegeObject.namespace("", "no_such_ns"), ALICE, "SELECT", "bob"))));
        assertCatalogError(
                ErrorCode.ROLE_NOT_FOUND,
                () -> privileges()
                        .grant(List.of(grant(
                                PrivilegeObject.global(),
                                new Principal("no_such_role", PrincipalType.ROLE),
                                "SELECT",
                                "bob"))));
    }

    @Test
    void aRevokeTakesTheGrantOrOnlyItsGrantOption() {
        String namespace = namespaceWithTables();
        PrivilegeObject db = PrivilegeObject.namespace("", namespace);
        PrivilegeGrant withOption =
                new PrivilegeGrant(db, ALICE, "ALTER", true, Optional.of(Principal.user("bob")), Instant.EPOCH, "auth");
        privileges().grant(List.of(withOption));

        privileges().revoke(List.of(withOption), true);
        assertThat(privileges().list(Optional.of(db), List.of(ALICE)))
                .singleElement()
                .satisfies(g -> {
                    assertThat(g.grantOption()).isFalse();
                    assertThat(g.authorizer()).isEqualTo("auth");
                });
        CatalogException noOption =
                failure(ErrorCode.PRIVILEGE_GRANT_NOT_FOUND, () -> privileges().revoke(List.of(withOption), true));
        assertThat(noOption.metadata()).containsEntry("grant_option", "true");

        privileges().revoke(List.of(grant(db, ALICE, "ALTER", "someone else")), false);
        assertThat(privileges().list(Optional.of(db), List.of(ALICE))).isEmpty();
        CatalogException none =
                failure(ErrorCode.PRIVILEGE_GRANT_NOT_FOUND, () -> privileges().revoke(List.of(withOption), false));
        assertThat(none.metadata()).containsEntry("grant_option", "false").containsEntry("namespace", namespace);
    }

    @Test
    void everyObjectIsListedByKindWithTheTablesNamesOfNow() {
        String namespace = namespaceWithTables();
        Principal user = Principal.user(CatalogFixtures.unique("lister"));
        List<String> values = List.of("2024-01-01", "7");
        privileges()
                .grant(List.of(
                        grant(column(namespace, "parted", values, "c1"), user, "SELECT", "bob"),
                        grant(column(namespace, "flat", List.of(), "c1"), user, "SELECT", "bob"),
                        grant(partition(namespace, values), user, "SELECT", "bob"),
                        grant(PrivilegeObject.table("", namespace, "flat"), user, "SELECT", "bob"),
                        grant(PrivilegeObject.namespace("", namespace), user, "SELECT", "bob"),
                        grant(PrivilegeObject.global(), user, "SELECT", "bob")));

        List<PrivilegeGrant> all = privileges().list(Optional.empty(), List.of(user));
        assertThat(all)
                .extracting(g -> g.object().kind())
                .containsExactly(
                        PrivilegeObjectKind.GLOBAL,
                        PrivilegeObjectKind.NAMESPACE,
                        PrivilegeObjectKind.TABLE,
                        PrivilegeObjectKind.PARTITION,
                        PrivilegeObjectKind.COLUMN,
                        PrivilegeObjectKind.COLUMN);
        assertThat(all.get(3).object())
                .isEqualTo(new PrivilegeObject(PrivilegeObjectKind.PARTITION, "hive", namespace, "parted", values, ""));
        assertThat(all.get(4).object().table()).isEqualTo("flat");
        assertThat(all.get(5).object().partitionValues()).isEqualTo(values);
        assertThat(privileges().list(Optional.of(column(namespace, "flat", List.of(), "c1")), List.of()))
                .extracting(g -> g.principal().name())
                .containsExactly(user.name());
    }

    @Test
    void grantsGoWithTheirPartitionTableNamespaceAndRole() {
        String namespace = namespaceWithTables();
        String role = CatalogFixtures.unique("r");
        catalog.roles().create(role, "");
        Principal asRole = new Principal(role, PrincipalType.ROLE);
        List<String> values = List.of("2024-01-01", "7");
        PrivilegeObject flat = PrivilegeObject.table("", namespace, "flat");
        PrivilegeObject db = PrivilegeObject.namespace("", namespace);
        privileges()
                .grant(List.of(
                        grant(partition(namespace, values), ALICE, "SELECT", "bob"),
                        grant(column(namespace, "parted", values, "c1"), ALICE, "SELECT", "bob"),
                        grant(PrivilegeObject.table("", namespace, "parted"), ALICE, "SELECT", "bob"),
                        grant(flat, ALICE, "SELECT", "bob"),
                        grant(db, ALICE, "SELECT", "bob"),
                        grant(PrivilegeObject.global(), asRole, "SELECT", "bob")));

        catalog.deletePartitions(
                TableIdentifier.inDefaultCatalog(namespace, "parted"), List.of(values), false, RequestContext.of("t"));
        assertThat(privileges().list(Optional.empty(), List.of(ALICE)))
                .filteredOn(g -> g.object().namespace().equals(namespace))
                .extracting(g -> g.object().kind())
                .containsExactly(PrivilegeObjectKind.NAMESPACE, PrivilegeObjectKind.TABLE, PrivilegeObjectKind.TABLE);

        catalog.deleteTable(
                TableIdentifier.inDefaultCatalog(namespace, "flat"), Optional.empty(), RequestContext.of("t"));
        assertThat(privileges().list(Optional.of(flat), List.of())).isEmpty();
        catalog.deleteNamespace(namespace, true, RequestContext.of("t"));
        assertThat(privileges().list(Optional.empty(), List.of(ALICE)))
                .noneMatch(g -> g.object().namespace().equals(namespace));

        catalog.roles().drop(role);
        assertThat(privileges().list(Optional.empty(), List.of(asRole))).isEmpty();
    }

    @Test
    void aRefreshReplacesOneAuthorizersGrantsOnAnObjectInOneTransaction() {
        String namespace = namespaceWithTables();
        PrivilegeObject flat = new PrivilegeObject(PrivilegeObjectKind.TABLE, "", namespace, "flat", List.of(), "");
        Principal bea = Principal.user("bea");
        PrivilegeGrant kept = byRanger(grant(flat, ALICE, "SELECT", "bob"));
        privileges().grant(List.of(kept));
        privileges().grant(List.of(byRanger(grant(flat, bea, "UPDATE", "bob"))));
        privileges().grant(List.of(grant(flat, bea, "SELECT", "bob")));
        Instant keptAt =
                privileges().list(Optional.of(flat), List.of(ALICE)).get(0).grantTime();
        clock.advance(java.time.Duration.ofSeconds(5));

        PrivilegeOperations.RefreshedPrivileges done =
                privileges().refresh(flat, "ranger", List.of(kept, byRanger(grant(flat, bea, "INSERT", "bob"))));

        assertThat(done).isEqualTo(new PrivilegeOperations.RefreshedPrivileges(1, 1));
        assertThat(privileges().list(Optional.of(flat), List.of()))
                .extracting(g -> g.principal().name() + ":" + g.privilege() + "@" + g.authorizer())
                .containsExactlyInAnyOrder("alice:SELECT@ranger", "bea:SELECT@", "bea:INSERT@ranger");
        assertThat(privileges().list(Optional.of(flat), List.of(ALICE)).get(0).grantTime())
                .as("given again: kept as it was")
                .isEqualTo(keptAt);

        failure(ErrorCode.INVALID_ARGUMENT, () -> privileges().refresh(PrivilegeObject.global(), "ranger", List.of()));
        failure(
                ErrorCode.ROLE_NOT_FOUND,
                () -> privileges()
                        .refresh(
                                flat, "ranger", List.of(grant(flat, Principal.role("no_such_role"), "SELECT", "bob"))));
        assertThat(privileges().list(Optional.of(flat), List.of()))
                .as("a refused refresh changes nothing")
                .hasSize(3);
    }

    private static PrivilegeGrant byRanger(PrivilegeGrant grant) {
        return new PrivilegeGrant(
                grant.object(),
                grant.principal(),
                grant.privilege(),
                grant.grantOption(),
                grant.grantor(),
                grant.grantTime(),
                "ranger");
    }
}

package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.PrivilegeGrant;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.model.PrivilegeObjectKind;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The access version on a real store: every change of grants, roles and role grants moves it, and so does a drop
 * or rename of an object someone holds a grant on (whose grants then reach other names; a drop of partitions of a
 * table with grants on any of its partitions); a failed change, a read and changes of objects nobody holds a
 * grant on leave it where it was. Authorization keeps what it read of grants
 * while it stays the same, so a change that does not move it would go unseen.
 */
abstract class AccessVersionTest extends ServiceOnScratchStore {

    private static final Principal ALICE = Principal.user("alice");
    private static final RequestContext CONTEXT = RequestContext.of("tester");

    private long version() {
        return catalog.privileges().version();
    }

    private static PrivilegeGrant grant(PrivilegeObject object, String privilege, boolean grantOption) {
        return new PrivilegeGrant(
                object, ALICE, privilege, grantOption, Optional.of(Principal.user("bob")), Instant.EPOCH, "");
    }

    /** Asserts that the change moves the version (and reading it again does not). */
    private void moves(Runnable change) {
        long before = version();
        change.run();
        long after = version();
        assertThat(after).as("the version after the change").isGreaterThan(before);
        assertThat(version()).isEqualTo(after);
    }

    private void keeps(Runnable change) {
        long before = version();
        change.run();
        assertThat(version()).as("the version after the change").isEqualTo(before);
    }

    private String namespaceWithTables() {
        String namespace = CatalogFixtures.unique("versions");
        catalog.createNamespace(CatalogFixtures.namespace(namespace), CONTEXT);
        catalog.createTable(CatalogFixtures.hiveTable(namespace, "parted"), CONTEXT);
        catalog.createTable(CatalogFixtures.unpartitionedHiveTable(namespace, "flat"), CONTEXT);
        catalog.addPartitions(
                TableIdentifier.inDefaultCatalog(namespace, "parted"),
                List.of(CatalogFixtures.partition("2024-01-01", 7), CatalogFixtures.partition("2024-01-02", 7)),
                false,
                CONTEXT);
        return namespace;
    }

    private void rename(String namespace, String from, String to) {
        catalog.commitTable(
                new TableCommit(
                        TableIdentifier.inDefaultCatalog(namespace, from),
                        List.of(),
                        List.of(new TableUpdate.Rename(TableIdentifier.inDefaultCatalog(namespace, to)))),
                CONTEXT);
    }

    @Test
    void everyChangeOfGrantsAndRolesMovesIt() {
        String namespace = namespaceWithTables();
        PrivilegeObject db = PrivilegeObject.namespace("", namespace);
        moves(() -> catalog.privileges().grant(List.of(grant(db, "SELECT", true))));
        moves(() -> catalog.privileges().revoke(List.of(grant(db, "SELECT", true)), true));
        moves(() -> catalog.privileges().revoke(List.of(grant(db, "SELECT", false)), false));
        String role = CatalogFixtures.unique("r");
        moves(() -> catalog.roles().create(role, ""));
        moves(() -> catalog.roles().grant(role, ALICE, true, Optional.empty()));
        moves(() -> catalog.roles().revoke(role, ALICE, true));
        moves(() -> catalog.roles().revoke(role, ALICE, false));
        moves(() -> catalog.roles().drop(role));
    }

    @Test
    void aFailedChangeAReadAndAnUngrantedObjectsChangesKeepIt() {
        String namespace = namespaceWithTables();
        PrivilegeObject flat = PrivilegeObject.table("", namespace, "flat");
        catalog.privileges().grant(List.of(grant(flat, "SELECT", false)));
        keeps(() -> assertCatalogError(
                ErrorCode.PRIVILEGE_ALREADY_GRANTED,
                () -> catalog.privileges().grant(List.of(grant(flat, "SELECT", false)))));
        keeps(() -> assertCatalogError(
                ErrorCode.PRIVILEGE_GRANT_NOT_FOUND,
                () -> catalog.privileges().revoke(List.of(grant(flat, "UPDATE", false)), false)));
        keeps(() -> catalog.privileges().heldBy(ALICE.name(), List.of()));
        keeps(() -> {
            rename(namespace, "parted", "parted2");
            catalog.deletePartitions(
                    TableIdentifier.inDefaultCatalog(namespace, "parted2"),
                    List.of(List.of("2024-01-01", "7")),
                    false,
                    CONTEXT);
            catalog.deleteTable(TableIdentifier.inDefaultCatalog(namespace, "parted2"), Optional.empty(), CONTEXT);
            String other = namespaceWithTables();
            catalog.deleteNamespace(other, true, CONTEXT);
        });
    }

    @Test
    void dropsAndRenamesOfObjectsHoldingGrantsMoveIt() {
        String namespace = namespaceWithTables();
        List<String> values = List.of("2024-01-01", "7");
        catalog.privileges()
                .grant(List.of(
                        grant(PrivilegeObject.table("", namespace, "flat"), "SELECT", false),
                        grant(
                                new PrivilegeObject(PrivilegeObjectKind.PARTITION, "", namespace, "parted", values, ""),
                                "SELECT",
                                false),
                        grant(PrivilegeObject.namespace("", namespace), "SELECT", false)));
        moves(() -> rename(namespace, "flat", "flat2"));
        moves(() -> catalog.deletePartitions(
                TableIdentifier.inDefaultCatalog(namespace, "parted"), List.of(values), false, CONTEXT));
        moves(() ->
                catalog.deleteTable(TableIdentifier.inDefaultCatalog(namespace, "flat2"), Optional.empty(), CONTEXT));
        moves(() -> catalog.deleteNamespace(namespace, true, CONTEXT));
    }
}

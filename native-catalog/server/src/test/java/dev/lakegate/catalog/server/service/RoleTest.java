package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.Role;
import dev.lakegate.catalog.server.model.RoleGrant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Roles on a real store: the built-in ones, grants to users, groups and roles, revokes, drops that end
 * grants both ways, and cycles refused, also between two grants racing each other.
 */
abstract class RoleTest extends ServiceOnScratchStore {

    private RoleOperations roles() {
        return catalog.roles();
    }

    private static Optional<Principal> grantor() {
        return Optional.of(Principal.user("bob"));
    }

    @Test
    void adminAndPublicExistFromTheStartAndAreNeverDroppedOrMade() {
        assertThat(roles().list()).extracting(Role::name).contains("admin", "public");
        assertThat(roles().list())
                .filteredOn(role -> role.name().equals("admin"))
                .extracting(Role::owner)
                .containsExactly("admin");
        assertCatalogError(ErrorCode.BUILT_IN_ROLE, () -> roles().create("public", "x"));
        assertCatalogError(ErrorCode.BUILT_IN_ROLE, () -> roles().drop("public"));
        assertCatalogError(ErrorCode.BUILT_IN_ROLE, () -> roles().drop("admin"));
        assertCatalogError(
                ErrorCode.BUILT_IN_ROLE, () -> roles().grant("public", Principal.user("u"), false, grantor()));
        assertCatalogError(ErrorCode.BUILT_IN_ROLE, () -> roles().revoke("public", Principal.user("u"), false));
    }

    @Test
    void aRoleIsMadeOnceWithTheCatalogsTimeAndListedByName() {
        Role made = roles().create("made_b", "alice");
        roles().create("made_a", "");
        assertThat(made.createTime()).isEqualTo(clock.instant());
        assertThat(made.owner()).isEqualTo("alice");
        assertThat(roles().list()).extracting(Role::name).containsSubsequence("admin", "made_a", "made_b", "public");
        assertThat(roles().list()).contains(made);
        assertCatalogError(ErrorCode.ROLE_ALREADY_EXISTS, () -> roles().create("made_b", "carol"));
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> roles().create("", "carol"));
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> roles().create("r".repeat(129), "carol"));
        assertThat(roles().create("Made_B", "dan").name()).isEqualTo("Made_B");
    }

    @Test
    void grantsAreSeenByMemberAndByRoleAndUsersHoldPublic() {
        roles().create("grants_r", "alice");
        Principal ann = Principal.user("grants_ann");
        Principal team = new Principal("grants_team", PrincipalType.GROUP);
        RoleGrant granted = roles().grant("grants_r", ann, true, grantor());
        roles().grant("grants_r", team, false, Optional.empty());
        assertThat(granted.grantTime()).contains(clock.instant());
        assertThat(roles().grantsOf(ann)).containsExactly(granted, RoleGrant.implicitPublic(ann));
        assertThat(roles().grantsOf(team))
                .containsExactly(
                        new RoleGrant("grants_r", team, false, Optional.empty(), Optional.of(clock.instant())));
        assertThat(roles().membersOf("grants_r")).extracting(RoleGrant::member).containsExactly(team, ann);
        assertThat(roles().membersOf("public")).isEmpty();
        assertThat(roles().membersOf("grants_none")).isEmpty();
        assertThat(roles().grantsOf(Principal.user("grants_nobody")))
                .containsExactly(RoleGrant.implicitPublic(Principal.user("grants_nobody")));
        assertCatalogError(ErrorCode.ROLE_GRANT_ALREADY_EXISTS, () -> roles().grant("grants_r", ann, false, grantor()));
        assertCatalogError(ErrorCode.ROLE_NOT_FOUND, () -> roles().grant("grants_none", ann, false, grantor()));
    }

    @Test
    void aRoleCannotBeGrantedToARoleThatHoldsIt() {
        roles().create("cycle_a", "");
        roles().create("cycle_b", "");
        roles().create("cycle_c", "");
        roles().grant("cycle_a", Principal.role("cycle_b"), false, grantor());
        roles().grant("cycle_b", Principal.role("cycle_c"), false, grantor());
        assertCatalogError(
                        ErrorCode.ROLE_CYCLE,
                        () -> roles().grant("cycle_c", Principal.role("cycle_a"), false, grantor()))
                .satisfies(thrown -> assertThat(((CatalogException) thrown).metadata())
                        .containsEntry("role", "cycle_c")
                        .containsEntry("member", "cycle_a"));
        assertCatalogError(
                ErrorCode.ROLE_CYCLE, () -> roles().grant("cycle_a", Principal.role("cycle_a"), false, grantor()));
        // A user of the same name is not the role.
        roles().grant("cycle_c", Principal.user("cycle_a"), false, grantor());
        assertThat(roles().grantsOf(Principal.role("cycle_b")))
                .extracting(RoleGrant::role)
                .containsExactly("cycle_a");
    }

    @Test
    void revokeEndsTheGrantOrOnlyItsGrantOption() {
        roles().create("revoke_r", "");
        Principal fay = Principal.user("revoke_fay");
        roles().grant("revoke_r", fay, true, grantor());
        roles().revoke("revoke_r", fay, true);
        assertThat(roles().grantsOf(fay).get(0).grantOption()).isFalse();
        assertCatalogError(ErrorCode.ROLE_GRANT_NOT_FOUND, () -> roles().revoke("revoke_r", fay, true));
        roles().revoke("revoke_r", fay, false);
        assertThat(roles().membersOf("revoke_r")).isEmpty();
        assertCatalogError(ErrorCode.ROLE_GRANT_NOT_FOUND, () -> roles().revoke("revoke_r", fay, false));
        assertCatalogError(ErrorCode.ROLE_NOT_FOUND, () -> roles().revoke("revoke_none", fay, false));
    }

    @Test
    void droppingARoleEndsItsGrantsBothWays() {
        roles().create("drop_outer", "");
        roles().create("drop_middle", "");
        Principal dan = Principal.user("drop_dan");
        roles().grant("drop_outer", Principal.role("drop_middle"), false, grantor());
        roles().grant("drop_middle", dan, false, grantor());
        roles().drop("drop_middle");
        assertThat(roles().list())
                .extracting(Role::name)
                .doesNotContain("drop_middle")
                .contains("drop_outer");
        assertThat(roles().membersOf("drop_outer")).isEmpty();
        assertThat(roles().grantsOf(dan)).containsExactly(RoleGrant.implicitPublic(dan));
        roles().create("drop_middle", "");
        assertThat(roles().membersOf("drop_middle")).isEmpty();
        assertCatalogError(ErrorCode.ROLE_NOT_FOUND, () -> roles().drop("drop_none"));
    }

    @Test
    void ofTwoGrantsRacingIntoACycleOneIsRefused() throws Exception {
        int pairs = 8;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int i = 0; i < pairs; i++) {
                String left = "race_l" + i;
                String right = "race_r" + i;
                roles().create(left, "");
                roles().create(right, "");
                CountDownLatch start = new CountDownLatch(1);
                List<Callable<Boolean>> grants =
                        List.of(() -> granted(start, left, right), () -> granted(start, right, left));
                List<Future<Boolean>> outcomes = new ArrayList<>();
                for (Callable<Boolean> grant : grants) {
                    outcomes.add(pool.submit(grant));
                }
                start.countDown();
                assertThat(outcomes.get(0).get() ^ outcomes.get(1).get())
                        .as("exactly one of two crossing grants wins")
                        .isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private boolean granted(CountDownLatch start, String role, String member) throws InterruptedException {
        start.await();
        try {
            roles().grant(role, Principal.role(member), false, grantor());
            return true;
        } catch (CatalogException e) {
            assertThat(e.code()).isEqualTo(ErrorCode.ROLE_CYCLE);
            return false;
        }
    }
}

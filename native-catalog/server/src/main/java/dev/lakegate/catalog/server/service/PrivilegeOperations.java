package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.PrivilegeGrant;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.model.Role;
import dev.lakegate.catalog.server.model.RoleGrant;
import dev.lakegate.catalog.server.store.PrivilegeStore;
import dev.lakegate.catalog.server.store.StoreTransaction;
import dev.lakegate.catalog.server.store.StoredPrivilege;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Privileges on objects granted to users, groups and roles, kept as HMS's store keeps them: the same privilege
 * may be granted once per grantor; a revoke takes the principal's grant whoever made it. The catalog keeps
 * them; the gRPC edge checks calls against them when authorization is on. A batch is all or none.
 */
public final class PrivilegeOperations {

    private final Writes writes;

    PrivilegeOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    /** Grants each privilege, skipping those on a table or partition that is not there; answers those kept. */
    public List<PrivilegeGrant> grant(List<PrivilegeGrant> grants) {
        return writes.transact(tx -> grantWithin(tx, grants));
    }

    /**
     * Makes the grants {@code authorizer} made on the object these: a namespace's, a table's, or (a COLUMN object
     * without a column) those on every column of a table. A grant held equal but for its time stays as it is; a
     * missing one is granted with the authorizer it names, as HMS's store grants it.
     */
    public RefreshedPrivileges refresh(PrivilegeObject object, String authorizer, List<PrivilegeGrant> grants) {
        return writes.transact(tx -> {
            List<StoredPrivilege> stale = new ArrayList<>(PrivilegeRefresh.heldOn(tx, object).stream()
                    .filter(held -> held.grant().authorizer().equals(authorizer))
                    .toList());
            List<PrivilegeGrant> missing = new ArrayList<>();
            for (PrivilegeGrant asked : grants) {
                Optional<StoredPrivilege> same = stale.stream()
                        .filter(held -> PrivilegeRefresh.sameButTime(held.grant(), asked))
                        .findFirst();
                same.ifPresentOrElse(stale::remove, () -> missing.add(asked));
            }
            stale.forEach(held -> tx.privileges().delete(held.id()));
            return new RefreshedPrivileges(
                    stale.size(), grantWithin(tx, missing).size());
        });
    }

    /** What a refresh changed. */
    public record RefreshedPrivileges(int revoked, int granted) {}

    private List<PrivilegeGrant> grantWithin(StoreTransaction tx, List<PrivilegeGrant> grants) {
        {
            PrivilegeStore privileges = tx.privileges();
            List<PrivilegeGrant> kept = new ArrayList<>();
            for (PrivilegeGrant grant : grants) {
                Principal principal = grant.principal();
                if (principal.kind() == PrincipalType.ROLE
                        && tx.roles().find(principal.name()).isEmpty()) {
                    throw new CatalogException(
                            ErrorCode.ROLE_NOT_FOUND,
                            "role " + principal.name() + " does not exist",
                            Map.of("role", principal.name(), "change", "privilege"));
                }
                Optional<PrivilegeTargets> target = PrivilegeTargets.find(tx, grant.object(), true);
                if (target.isEmpty()) {
                    continue;
                }
                for (StoredPrivilege held : privileges.find(target.get().target(), principal, grant.privilege())) {
                    if (sameGrantor(held.grant(), grant)) {
                        throw failure(
                                ErrorCode.PRIVILEGE_ALREADY_GRANTED,
                                grant,
                                target.get().partitionName(),
                                " already holds " + grant.privilege() + " from "
                                        + grant.grantor().orElseThrow(),
                                false);
                    }
                }
                PrivilegeGrant stored = new PrivilegeGrant(
                        grant.object(),
                        principal,
                        grant.privilege(),
                        grant.grantOption(),
                        grant.grantor(),
                        writes.now(),
                        grant.authorizer());
                privileges.insert(target.get().target(), stored);
                kept.add(stored);
            }
            return kept;
        }
    }

    /** Revokes each privilege (the principal's first grant of it, whoever granted it) or its grant option. */
    public void revoke(List<PrivilegeGrant> grants, boolean grantOptionOnly) {
        writes.transact(tx -> {
            PrivilegeStore privileges = tx.privileges();
            for (PrivilegeGrant grant : grants) {
                Optional<PrivilegeTargets> target = PrivilegeTargets.find(tx, grant.object(), false);
                List<StoredPrivilege> held = target.map(
                                t -> privileges.find(t.target(), grant.principal(), grant.privilege()))
                        .orElse(List.of());
                String partitionName =
                        target.map(PrivilegeTargets::partitionName).orElse("");
                if (held.isEmpty()) {
                    throw failure(
                            ErrorCode.PRIVILEGE_GRANT_NOT_FOUND,
                            grant,
                            partitionName,
                            " holds no " + grant.privilege(),
                            false);
                }
                StoredPrivilege first = held.get(0);
                if (!grantOptionOnly) {
                    privileges.delete(first.id());
                } else if (first.grant().grantOption()) {
                    privileges.updateGrantOption(first.id(), false);
                } else {
                    throw failure(
                            ErrorCode.PRIVILEGE_GRANT_NOT_FOUND,
                            grant,
                            partitionName,
                            " holds " + grant.privilege() + " without its grant option",
                            true);
                }
            }
            return null;
        });
    }

    /** The grants on the object (none: on every object) to the principals (none: to anyone). */
    public List<PrivilegeGrant> list(Optional<PrivilegeObject> object, List<Principal> principals) {
        return writes.read(tx -> {
            if (object.isEmpty()) {
                return grants(tx.privileges().list(Optional.empty(), principals));
            }
            return PrivilegeTargets.forListing(tx, object.get())
                    .map(target -> grants(tx.privileges().list(Optional.of(target), principals)))
                    .orElse(List.of());
        });
    }

    /**
     * What the user holds, read in one store transaction: the roles granted to the user or its groups, directly
     * or through other roles (with {@code public}, which everyone holds), and every privilege granted to the
     * user, its groups or those roles, on any object.
     */
    public HeldAccess heldBy(String user, List<String> groups) {
        return writes.read(tx -> {
            List<Principal> holders = new ArrayList<>();
            holders.add(Principal.user(user));
            groups.forEach(group -> holders.add(new Principal(group, PrincipalType.GROUP)));
            Set<String> roles = new LinkedHashSet<>(List.of(Role.PUBLIC));
            Deque<Principal> next = new ArrayDeque<>(holders);
            next.add(Principal.role(Role.PUBLIC));
            while (!next.isEmpty()) {
                for (RoleGrant grant : tx.roles().grantsOf(next.pop())) {
                    if (roles.add(grant.role())) {
                        next.add(Principal.role(grant.role()));
                    }
                }
            }
            roles.forEach(role -> holders.add(Principal.role(role)));
            return new HeldAccess(
                    user, Set.copyOf(groups), roles, grants(tx.privileges().list(Optional.empty(), holders)));
        });
    }

    /**
     * The access version ({@code AccessStores#version}): read it before what it versions, and what was read then
     * is still what the store holds while it stays the same. On a database only this JVM writes, it is answered
     * from memory while nothing was written since; elsewhere it is one point read.
     */
    public long version() {
        return writes.read(tx -> tx.access().version());
    }

    /** Whether anyone holds a privilege on the object itself. */
    public boolean anyGrantOn(PrivilegeObject object) {
        return !list(Optional.of(object), List.of()).isEmpty();
    }

    private static List<PrivilegeGrant> grants(List<StoredPrivilege> stored) {
        return stored.stream().map(StoredPrivilege::grant).toList();
    }

    /** HMS's store compares grantors ignoring case, and a grant without a grantor matches none. */
    private static boolean sameGrantor(PrivilegeGrant held, PrivilegeGrant asked) {
        return held.grantor().isPresent()
                && asked.grantor().isPresent()
                && held.grantor()
                        .get()
                        .name()
                        .equalsIgnoreCase(asked.grantor().get().name());
    }

    private static CatalogException failure(
            ErrorCode code, PrivilegeGrant grant, String partitionName, String what, boolean grantOption) {
        PrivilegeObject object = grant.object();
        Map<String, String> metadata = new HashMap<>();
        metadata.put("privilege", grant.privilege());
        metadata.put("grantor", grant.grantor().map(Principal::name).orElse(""));
        metadata.put("principal", grant.principal().name());
        metadata.put("kind", object.kind().name());
        metadata.put("catalog", object.catalog());
        metadata.put("namespace", object.namespace());
        metadata.put("table", object.table());
        metadata.put("partition", partitionName);
        metadata.put("column", object.column());
        metadata.put("grant_option", Boolean.toString(grantOption));
        return new CatalogException(
                code,
                grant.principal().kind() + " " + grant.principal().name() + what + " on " + object.kind() + " "
                        + String.join(".", object.namespace(), object.table(), partitionName, object.column()),
                metadata);
    }
}

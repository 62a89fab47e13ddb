package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.Role;
import dev.lakegate.catalog.server.model.RoleGrant;
import dev.lakegate.catalog.server.store.RoleStore;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Roles, the catalog's groups of principals, and who holds them. Every change holds the store-wide lock of
 * roles, so that two grants can never together make a role contain itself (each checks against what the
 * other wrote). {@link Role#ADMIN} and {@link Role#PUBLIC} exist from the store's start; every user holds
 * {@code public} without a grant, so it is never granted, revoked or listed with members.
 */
public final class RoleOperations {

    /** HMS's ROLES.ROLE_NAME holds 128 characters. */
    static final int MAX_NAME = 128;

    private final Writes writes;

    RoleOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    /** A new role, stamped with the catalog's time. */
    public Role create(String name, String owner) {
        checkName(name);
        if (Role.PUBLIC.equals(name)) {
            throw builtIn(name, "create");
        }
        return writes.transact(tx -> {
            RoleStore roles = tx.roles();
            roles.lock();
            if (roles.find(name).isPresent()) {
                throw new CatalogException(
                        ErrorCode.ROLE_ALREADY_EXISTS, "role " + name + " already exists", Map.of("role", name));
            }
            Role role = new Role(name, owner, writes.now());
            roles.insert(role);
            return role;
        });
    }

    /** Drops the role and every grant of it and to it. */
    public void drop(String name) {
        if (Role.PUBLIC.equals(name) || Role.ADMIN.equals(name)) {
            throw builtIn(name, "drop");
        }
        writes.transact(tx -> {
            RoleStore roles = tx.roles();
            roles.lock();
            existing(roles, name);
            roles.delete(name);
            // As HMS's store removes a dropped role's privileges with it.
            tx.privileges().deleteOfPrincipal(Principal.role(name));
            return null;
        });
    }

    /** Every role, by name. */
    public List<Role> list() {
        return writes.read(tx -> tx.roles().list());
    }

    /** Grants the role to the member (which need not exist, as in HMS), stamped with the catalog's time. */
    public RoleGrant grant(String role, Principal member, boolean grantOption, Optional<Principal> grantor) {
        if (Role.PUBLIC.equals(role)) {
            throw builtIn(role, "grant");
        }
        return writes.transact(tx -> {
            RoleStore roles = tx.roles();
            roles.lock();
            existing(roles, role);
            if (member.kind() == PrincipalType.ROLE && contains(roles, member.name(), role)) {
                throw new CatalogException(
                        ErrorCode.ROLE_CYCLE,
                        "role " + member.name() + " contains role " + role + ": it cannot be granted to it",
                        Map.of("role", role, "member", member.name()));
            }
            if (roles.findGrant(role, member).isPresent()) {
                throw new CatalogException(
                        ErrorCode.ROLE_GRANT_ALREADY_EXISTS,
                        member.kind() + " " + member.name() + " already holds role " + role,
                        Map.of("role", role, "member", member.name()));
            }
            RoleGrant grant = new RoleGrant(role, member, grantOption, grantor, Optional.of(writes.now()));
            roles.insertGrant(grant);
            return grant;
        });
    }

    /** Revokes the grant, or only its grant option ({@code grantOptionOnly}). */
    public void revoke(String role, Principal member, boolean grantOptionOnly) {
        if (Role.PUBLIC.equals(role)) {
            throw builtIn(role, "revoke");
        }
        writes.transact(tx -> {
            RoleStore roles = tx.roles();
            roles.lock();
            existing(roles, role);
            Optional<RoleGrant> grant = roles.findGrant(role, member);
            if (grant.isEmpty() || grantOptionOnly && !grant.get().grantOption()) {
                throw new CatalogException(
                        ErrorCode.ROLE_GRANT_NOT_FOUND,
                        member.kind() + " " + member.name() + " does not hold role " + role
                                + (grantOptionOnly ? " with its grant option" : ""),
                        Map.of(
                                "role",
                                role,
                                "member",
                                member.name(),
                                "grant_option",
                                Boolean.toString(grantOptionOnly)));
            }
            if (grantOptionOnly) {
                roles.updateGrantOption(role, member, false);
            } else {
                roles.deleteGrant(role, member);
            }
            return null;
        });
    }

    /** The roles granted to the member itself, by role; a user's end with the implicit {@code public}. */
    public List<RoleGrant> grantsOf(Principal member) {
        List<RoleGrant> grants = new ArrayList<>(writes.read(tx -> tx.roles().grantsOf(member)));
        if (member.kind() == PrincipalType.USER) {
            grants.add(RoleGrant.implicitPublic(member));
        }
        return grants;
    }

    /** The role's members, by kind then name; none for {@code public} (members implicit) or a role not there. */
    public List<RoleGrant> membersOf(String role) {
        return writes.read(tx -> tx.roles().membersOf(role));
    }

    /** Whether {@code container} is {@code role} or holds it, directly or through the roles it holds. */
    private static boolean contains(RoleStore roles, String container, String role) {
        Set<String> seen = new HashSet<>();
        Deque<String> next = new ArrayDeque<>(List.of(role));
        while (!next.isEmpty()) {
            String current = next.pop();
            if (current.equals(container)) {
                return true;
            }
            if (seen.add(current)) {
                roles.grantsOf(Principal.role(current)).forEach(grant -> next.push(grant.role()));
            }
        }
        return false;
    }

    private static Role existing(RoleStore roles, String name) {
        return roles.find(name)
                .orElseThrow(() -> new CatalogException(
                        ErrorCode.ROLE_NOT_FOUND, "role " + name + " does not exist", Map.of("role", name)));
    }

    private static CatalogException builtIn(String name, String change) {
        String done = switch (change) {
            case "drop" -> "dropped";
            case "grant" -> "granted to anyone";
            case "revoke" -> "revoked";
            default -> "created";
        };
        return new CatalogException(
                ErrorCode.BUILT_IN_ROLE,
                "role " + name + " is built in: it cannot be " + done,
                Map.of("role", name, "change", change));
    }

    private static void checkName(String name) {
        if (name.isEmpty() || name.length() > MAX_NAME) {
            throw CatalogException.invalidArgument(
                    "name", "a role's name has 1 to " + MAX_NAME + " characters, not " + name.length());
        }
    }
}

package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.Role;
import dev.lakegate.catalog.server.model.RoleGrant;
import java.util.List;
import java.util.Optional;

/** Roles and their grants in the store; every write runs after {@link #lock()}. */
public interface RoleStore {

    /** Takes the store-wide lock of roles until the store transaction ends. */
    void lock();

    void insert(Role role);

    Optional<Role> find(String name);

    /** Every role, by name. */
    List<Role> list();

    /** Deletes the role and its grants both ways (its members', and its own as a member). */
    void delete(String name);

    void insertGrant(RoleGrant grant);

    Optional<RoleGrant> findGrant(String role, Principal member);

    void updateGrantOption(String role, Principal member, boolean grantOption);

    void deleteGrant(String role, Principal member);

    /** The roles granted to the member itself (not those they are granted to), by role. */
    List<RoleGrant> grantsOf(Principal member);

    /** The role's members, by kind then name. */
    List<RoleGrant> membersOf(String role);
}

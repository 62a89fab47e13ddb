package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.PrivilegeGrant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Privilege grants in the store. Listed grants name their objects as they are now (a table's grants carry
 * its current catalog, namespace and name). The rows of a dropped table, partition or namespace go with it
 * (the store's deletes of those call {@link #deleteOfTable} and its kin).
 */
public interface PrivilegeStore {

    /** Stores the grant on the target; the grant's object is not read. */
    void insert(PrivilegeTarget target, PrivilegeGrant grant);

    /** The principal's grants of the privilege on the target, from any grantor, in grant order. */
    List<StoredPrivilege> find(PrivilegeTarget target, Principal principal, String privilege);

    /**
     * The grants on the target (empty: on every object, by kind, a table's columns before its partitions'
     * then in grant order) to the principals (empty: to anyone), in grant order.
     */
    List<StoredPrivilege> list(Optional<PrivilegeTarget> target, List<Principal> principals);

    void updateGrantOption(long id, boolean grantOption);

    void delete(long id);

    /** Every grant to the principal (a dropped role's). */
    void deleteOfPrincipal(Principal principal);

    void deleteOfNamespace(String catalog, String namespace);

    /** Every grant on the table, its partitions and columns. */
    void deleteOfTable(UUID tableId);

    /** Every grant on these partitions of the table and on their columns. */
    void deleteOfPartitions(UUID tableId, List<List<String>> values);
}

package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Table;

/**
 * The rows of who may do what: roles with their grants, and privileges on objects; each change of them moves the
 * access version in its transaction.
 */
record AccessRows(RoleRows roles, PrivilegeRows privileges, AccessVersionRows versions) implements AccessStores {

    AccessRows(AccessVersionRows versions, Jdbc jdbc) {
        this(new RoleRows(jdbc, versions), new PrivilegeRows(jdbc, versions), versions);
    }

    /** A renamed table's grants follow it by id: the names they reach change with it. */
    void tableSwapped(boolean swapped, Table current, Table next) {
        if (swapped && !current.identifier().equals(next.identifier())) {
            versions.moveIfTableGranted(next.id());
        }
    }

    @Override
    public long version() {
        return versions.current();
    }
}

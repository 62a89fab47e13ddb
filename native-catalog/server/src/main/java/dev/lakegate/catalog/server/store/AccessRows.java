package dev.lakegate.catalog.server.store;

/** The rows of who may do what: roles with their grants, and privileges on objects. */
record AccessRows(RoleRows roles, PrivilegeRows privileges) implements AccessStores {

    AccessRows(Jdbc jdbc) {
        this(new RoleRows(jdbc), new PrivilegeRows(jdbc));
    }
}

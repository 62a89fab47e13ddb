package dev.lakegate.catalog.server.store;

/** The stores of who may do what: roles with their grants, and privileges on objects. */
public interface AccessStores {

    RoleStore roles();

    PrivilegeStore privileges();

    /**
     * The access version: it moves, in the same transaction, with every change of grants, roles or role
     * grants, and with the drop or rename of a namespace, table or partition someone holds a grant on. Equal
     * versions read at two moments mean the same grants and roles, as the store answers them, at both.
     */
    long version();
}

package dev.lakegate.catalog.server.store;

/** The stores of who may do what: roles with their grants, and privileges on objects. */
public interface AccessStores {

    RoleStore roles();

    PrivilegeStore privileges();
}

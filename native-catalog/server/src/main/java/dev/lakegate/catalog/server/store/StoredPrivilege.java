package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.PrivilegeGrant;

/** A privilege grant with its row's id (the order of grants). */
public record StoredPrivilege(long id, PrivilegeGrant grant) {}

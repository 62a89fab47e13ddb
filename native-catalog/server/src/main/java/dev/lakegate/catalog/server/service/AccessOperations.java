package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

/** Who may do what: roles and who holds them, and privileges on objects (the gRPC edge enforces them when on). */
public record AccessOperations(RoleOperations roles, PrivilegeOperations privileges) {

    public AccessOperations {
        requireNonNull(roles, "roles is null");
        requireNonNull(privileges, "privileges is null");
    }
}

package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** Someone a role is granted to, or who granted it: a user, a group or a role, by name. */
public record Principal(String name, PrincipalType kind) {

    public Principal {
        requireNonNull(name, "name is null");
        requireNonNull(kind, "kind is null");
    }

    public static Principal user(String name) {
        return new Principal(name, PrincipalType.USER);
    }

    public static Principal role(String name) {
        return new Principal(name, PrincipalType.ROLE);
    }
}

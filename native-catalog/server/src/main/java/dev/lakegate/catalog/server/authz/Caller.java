package dev.lakegate.catalog.server.authz;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.service.HeldAccess;

/**
 * Who calls, with what they hold, taken once per call; {@code admin} when configured so or holding role admin;
 * {@code accessVersion} the store's access version it was taken at, at which the rest of the call's decisions
 * read too.
 */
public record Caller(HeldAccess held, boolean admin, long accessVersion) {

    public Caller {
        requireNonNull(held, "held is null");
    }

    public String user() {
        return held.user();
    }

    /** Whether an owner named so (of that kind) is this caller: the user, one of its groups or roles. */
    boolean owns(String owner, PrincipalType ownerType) {
        if (owner.isEmpty()) {
            return false;
        }
        return switch (ownerType) {
            case USER -> owner.equals(held.user());
            case GROUP -> held.groups().contains(owner);
            case ROLE -> held.roles().contains(owner);
        };
    }
}

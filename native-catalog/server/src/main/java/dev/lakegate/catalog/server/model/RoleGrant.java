package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;

/**
 * A role granted to a member; the member may grant it on with {@code grantOption}. The implicit grant of
 * {@link Role#PUBLIC} to every user has no grantor and no grant time.
 */
public record RoleGrant(
        String role, Principal member, boolean grantOption, Optional<Principal> grantor, Optional<Instant> grantTime) {

    public RoleGrant {
        requireNonNull(role, "role is null");
        requireNonNull(member, "member is null");
        requireNonNull(grantor, "grantor is null");
        requireNonNull(grantTime, "grantTime is null");
    }

    /** What every user holds without a grant. */
    public static RoleGrant implicitPublic(Principal user) {
        return new RoleGrant(Role.PUBLIC, user, false, Optional.empty(), Optional.empty());
    }

    public RoleGrant withGrantOption(boolean option) {
        return new RoleGrant(role, member, option, grantor, grantTime);
    }
}

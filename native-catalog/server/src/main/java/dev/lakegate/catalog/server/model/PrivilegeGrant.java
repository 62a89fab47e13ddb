package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;

/**
 * A privilege on an object held by a principal (a user, a group or a role), as granted: the grantor and the
 * authorizer (HMS's name of the authorizer that granted it, empty for none) are as given; the time is the
 * catalog's.
 */
public record PrivilegeGrant(
        PrivilegeObject object,
        Principal principal,
        String privilege,
        boolean grantOption,
        Optional<Principal> grantor,
        Instant grantTime,
        String authorizer) {

    public PrivilegeGrant {
        requireNonNull(object, "object is null");
        requireNonNull(principal, "principal is null");
        requireNonNull(privilege, "privilege is null");
        requireNonNull(grantor, "grantor is null");
        requireNonNull(grantTime, "grantTime is null");
        requireNonNull(authorizer, "authorizer is null");
    }

    public PrivilegeGrant withObject(PrivilegeObject other) {
        return new PrivilegeGrant(other, principal, privilege, grantOption, grantor, grantTime, authorizer);
    }
}

package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.PrivilegeGrant;
import java.util.List;
import java.util.Set;

/**
 * What a user holds at one moment: its groups (as the caller named them), every role it holds directly, through
 * a group or through other roles (always {@code public}), and every privilege granted to any of them.
 */
public record HeldAccess(String user, Set<String> groups, Set<String> roles, List<PrivilegeGrant> grants) {

    public HeldAccess {
        requireNonNull(user, "user is null");
        groups = Set.copyOf(groups);
        roles = Set.copyOf(roles);
        grants = List.copyOf(grants);
    }
}

package dev.lakegate.catalog.server.authz;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * How calls are authorized: the mode; the admins (user names that may do everything, grants included, besides
 * holders of the {@code admin} role); whether an object nobody holds a grant on (nor on its namespace, nor
 * globally) is open to everyone ({@code openUngranted}, the world before checks) or to its owner and admins
 * alone; the file the audit log appends to (none: no audit log); and {@code maxStaleness}, how long this process
 * may decide from the store's access version it read last before reading it again (zero: at every check, so a
 * change of grants committed anywhere counts for every check begun after it; more: a change committed that long
 * before a check begins counts for it, and the point read is saved meanwhile).
 */
public record AuthorizationSettings(
        AuthorizationMode mode,
        Set<String> admins,
        boolean openUngranted,
        Optional<Path> auditLog,
        Duration maxStaleness) {

    /** Nothing checked, nothing logged. */
    public static final AuthorizationSettings OFF =
            new AuthorizationSettings(AuthorizationMode.OFF, Set.of(), false, Optional.empty());

    public AuthorizationSettings {
        requireNonNull(mode, "mode is null");
        admins = Set.copyOf(admins);
        requireNonNull(auditLog, "auditLog is null");
        requireNonNull(maxStaleness, "maxStaleness is null");
        if (maxStaleness.isNegative()) {
            throw new IllegalArgumentException("maxStaleness is negative: " + maxStaleness);
        }
    }

    /** Every check reads the access version. */
    public AuthorizationSettings(
            AuthorizationMode mode, Set<String> admins, boolean openUngranted, Optional<Path> auditLog) {
        this(mode, admins, openUngranted, auditLog, Duration.ZERO);
    }

    /** Whether calls go through the authorization check at all (off: no interceptor, no audit log, no cost). */
    public boolean active() {
        return mode != AuthorizationMode.OFF;
    }
}

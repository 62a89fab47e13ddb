package dev.lakegate.migration;

/** What a cutover or rollback spends the time it holds writes on, as {@link MigrationEvent.Moved} reports it. */
public enum HoldPhase {
    /** Writing the route: to hold writes, and to flip it (with the notification-log positions) at the end. */
    ROUTE,
    /** Waiting for writes the gateways had already let through to land ({@code settle}). */
    SETTLE,
    /** Making equal what was written since the last catch-up before the hold. */
    CATCH_UP,
    /** Comparing again what that catch-up changed. */
    VERIFY,
    /** Appending the legacy metastore's last events to the catalog's log, or closing a rollback's skipped range. */
    LOG
}

package dev.lakegate.migration;

/** Where a database stood when a cutover or rollback found nothing to move, or could not start. */
public enum RouteState {
    /** A cutover of a database the catalog answers for already. */
    NATIVE_ALREADY,
    /** A cutover of a database whose rollback stopped with writes held: it must be rolled back first. */
    ROLLBACK_UNFINISHED,
    /** A rollback of a database the catalog never had. */
    NEVER_COPIED,
    /** A rollback of a database the legacy metastore answers for already. */
    LEGACY_ALREADY,
    /**
     * A rollback of a database whose cutover stopped with writes held: routed back to the legacy
     * metastore, which is still the database as clients wrote it.
     */
    CUTOVER_UNDONE
}

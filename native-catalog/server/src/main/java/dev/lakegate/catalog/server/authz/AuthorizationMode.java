package dev.lakegate.catalog.server.authz;

/** How the catalog treats its authorization decisions. */
public enum AuthorizationMode {
    /** Nothing is decided or checked: every caller may do everything (the catalog's behaviour before checks). */
    OFF,
    /** Every call is decided and what would be denied is logged, but every call is allowed. */
    AUDIT,
    /** Every call is decided and what is denied is refused with PERMISSION_DENIED. */
    ENFORCE
}

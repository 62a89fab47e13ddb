package dev.lakegate.catalog.server.service;

/** How much of a table a read returns. */
public enum TableView {
    /** Namespace, name, id, format and the Hive table kind. */
    NAME_ONLY,
    /** Everything but snapshots. */
    BASIC,
    /** With every snapshot. */
    FULL
}

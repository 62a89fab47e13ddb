package dev.lakegate.catalog.server.model;

/** What a privilege is granted on; the order is the one every-object listings keep. */
public enum PrivilegeObjectKind {
    GLOBAL,
    NAMESPACE,
    TABLE,
    PARTITION,
    /** A table's column, or a partition's when the object names partition values. */
    COLUMN
}

package dev.lakegate.catalog.server.model;

public enum HiveTableKind {
    MANAGED_TABLE,
    EXTERNAL_TABLE,
    VIRTUAL_VIEW,
    MATERIALIZED_VIEW
}

package dev.lakegate.catalog.server.model;

public enum TableFormat {
    HIVE,
    ICEBERG,
    PAIMON,
    DELTA,
    HUDI
}

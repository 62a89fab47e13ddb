package dev.lakegate.catalog.server.model;

public enum PrimitiveKind {
    BOOLEAN,
    INT8,
    INT16,
    INT32,
    INT64,
    FLOAT32,
    FLOAT64,
    STRING,
    BINARY,
    DATE,
    TIME,
    TIMESTAMP,
    TIMESTAMP_TZ,
    UUID,
    INTERVAL_YEAR_MONTH,
    INTERVAL_DAY_TIME,
    VOID;

    public boolean isIntegral() {
        return this == INT8 || this == INT16 || this == INT32 || this == INT64;
    }
}

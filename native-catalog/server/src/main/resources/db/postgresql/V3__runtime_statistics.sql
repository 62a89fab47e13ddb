-- Runtime statistics: opaque payloads that engines record about their runs (Hive's re-optimisation
-- reads them back newest first), kept for a bounded time.
CREATE TABLE runtime_statistics (
    id BIGSERIAL PRIMARY KEY,
    created_at TIMESTAMPTZ NOT NULL,
    weight INT NOT NULL,
    payload BYTEA NOT NULL
);
CREATE INDEX runtime_statistics_by_time ON runtime_statistics (created_at, id);

-- The same as PostgreSQL's V25 in H2's types.
CREATE TABLE lake_statistics (
    table_id UUID NOT NULL,
    snapshot_id BIGINT NOT NULL,
    spec_id INT NOT NULL,
    part_name VARCHAR NOT NULL,
    all_partitions BOOLEAN NOT NULL,
    recorded_at TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    doc CHARACTER VARYING NOT NULL,
    PRIMARY KEY (table_id, snapshot_id, spec_id, part_name)
);
CREATE INDEX lake_statistics_of_partitions ON lake_statistics (table_id, spec_id, part_name, snapshot_id);

-- Statistics of lake tables' snapshots, counted by the catalog from the manifests of each commit it sees:
-- per snapshot one row for the whole table (spec_id -1, part_name '') and one per partition the snapshot
-- changed (every partition it holds where all_partitions: counted from all its files, its parent having
-- none). A partition's figures as of a snapshot are those of the nearest ancestor that recorded it. doc is
-- the JSON of the figures; recorded_at the time of the commit that recorded them.
CREATE TABLE lake_statistics (
    table_id UUID NOT NULL,
    snapshot_id BIGINT NOT NULL,
    spec_id INT NOT NULL,
    part_name TEXT COLLATE "C" NOT NULL,
    all_partitions BOOLEAN NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (table_id, snapshot_id, spec_id, part_name)
);
CREATE INDEX lake_statistics_of_partitions ON lake_statistics (table_id, spec_id, part_name, snapshot_id);

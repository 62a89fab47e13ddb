-- The same as PostgreSQL's V16 in H2's types.
CREATE TABLE materialization_rebuild_locks (
    db_name VARCHAR NOT NULL,
    view_name VARCHAR NOT NULL,
    txn_id BIGINT NOT NULL,
    last_heartbeat TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    PRIMARY KEY (db_name, view_name)
);
CREATE INDEX materialization_rebuild_locks_by_transaction ON materialization_rebuild_locks (txn_id);

CREATE TABLE acid_update_deletes (
    catalog VARCHAR NOT NULL,
    namespace VARCHAR NOT NULL,
    table_name VARCHAR NOT NULL,
    partition_name VARCHAR NOT NULL,
    write_id BIGINT NOT NULL,
    txn_id BIGINT NOT NULL
);
CREATE INDEX acid_update_deletes_by_write ON acid_update_deletes (catalog, namespace, table_name, write_id);

-- Hive's rebuild locks of materialized views (HMS's MATERIALIZATION_REBUILD_LOCKS): the transaction that
-- rebuilds a view holds its lock, by the names as the client gave them, and heartbeats it. The holder's
-- commit deletes its row; the housekeeping deletes those of ended transactions not heartbeated for the
-- transaction timeout.
CREATE TABLE materialization_rebuild_locks (
    db_name TEXT COLLATE "C" NOT NULL,
    view_name TEXT COLLATE "C" NOT NULL,
    txn_id BIGINT NOT NULL,
    last_heartbeat TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (db_name, view_name)
);
CREATE INDEX materialization_rebuild_locks_by_transaction ON materialization_rebuild_locks (txn_id);

-- The updates and deletes of committed transactions per table, with the transaction's write id of the table
-- (HMS's COMPLETED_TXN_COMPONENTS rows with CTC_UPDATE_DELETE 'Y'): Hive asks whether a materialized view's
-- sources were updated or deleted in since its build (partition_name '' is the whole table). They move with a
-- table's rename and go with its drop; the Cleaner's end of a compaction drops those it compacted, as HMS's.
CREATE TABLE acid_update_deletes (
    catalog TEXT COLLATE "C" NOT NULL,
    namespace TEXT COLLATE "C" NOT NULL,
    table_name TEXT COLLATE "C" NOT NULL,
    partition_name TEXT COLLATE "C" NOT NULL,
    write_id BIGINT NOT NULL,
    txn_id BIGINT NOT NULL
);
CREATE INDEX acid_update_deletes_by_write ON acid_update_deletes (catalog, namespace, table_name, write_id);

-- What Hive's writers reported of their writes of transactional tables (add_write_notification_log; HMS's
-- TXN_WRITE_NOTIFICATION_LOG, which its transactional DbNotificationListener fills): one row per transaction
-- and place (partition_name '' for an unpartitioned table), with the names lower-cased, the table and the
-- partition as Thrift JSON at the last report, and the files of every report ("]"-joined, the newest first).
-- Kept only when the catalog logs transaction events (HMS's listener configured), read by
-- get_all_write_event_info (replication dumps a commit's writes from them).
CREATE TABLE acid_write_notifications (
    txn_id BIGINT NOT NULL,
    catalog TEXT COLLATE "C" NOT NULL,
    namespace TEXT COLLATE "C" NOT NULL,
    table_name TEXT COLLATE "C" NOT NULL,
    partition_name TEXT COLLATE "C" NOT NULL,
    write_id BIGINT NOT NULL,
    table_object TEXT NOT NULL,
    partition_object TEXT,
    files TEXT NOT NULL,
    reported_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (txn_id, catalog, namespace, table_name, partition_name)
);

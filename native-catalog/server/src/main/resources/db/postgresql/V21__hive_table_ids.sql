-- What commit_txn looks up (HMS 4's CommitTxnFunction): a table by the numeric id HMS 4 clients know it by
-- (its key value names a table so), and the compaction queue entries of a committing compaction's
-- transaction. hive_id is the table's UUID folded as HiveTableIds folds it (the halves XORed, the sign bit
-- cleared, 0 taken as 1), kept beside the row so that the lookup reads an index rather than every table.
-- Not unique: two UUIDs may fold alike, and the lookup then finds both, as HMS would find two rows.
ALTER TABLE tables ADD COLUMN hive_id BIGINT;
UPDATE tables SET hive_id = (
    ('x' || substr(replace(id::text, '-', ''), 1, 16))::bit(64)::bigint
    # ('x' || substr(replace(id::text, '-', ''), 17, 16))::bit(64)::bigint)
    & 9223372036854775807;
UPDATE tables SET hive_id = 1 WHERE hive_id = 0;
ALTER TABLE tables ALTER COLUMN hive_id SET NOT NULL;
CREATE INDEX tables_by_hive_id ON tables (hive_id);
CREATE INDEX compaction_queue_by_txn ON compaction_queue (txn_id);

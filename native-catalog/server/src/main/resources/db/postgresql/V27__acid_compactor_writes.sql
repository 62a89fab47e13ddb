-- What a compactor's transaction writes (HMS records it in TXN_COMPONENTS from update_compactor_state): the
-- place of the queue entry it compacts and the highest write id it compacts up to. While such a row is kept,
-- the transaction, once aborted, stays listed as aborted, so that readers never take the half-written base
-- it leaves (base_N_v<txn>) for a committed one. A row goes when its transaction has committed or is
-- forgotten, or when a compaction of the same place up to at least its write id has been cleaned.
CREATE TABLE acid_compactor_writes (
    txn_id BIGINT NOT NULL,
    catalog TEXT COLLATE "C" NOT NULL,
    namespace TEXT COLLATE "C" NOT NULL,
    table_name TEXT COLLATE "C" NOT NULL,
    partition_name TEXT COLLATE "C",
    highest_write_id BIGINT NOT NULL
);
CREATE INDEX acid_compactor_writes_by_txn ON acid_compactor_writes (txn_id);
CREATE INDEX acid_compactor_writes_by_place ON acid_compactor_writes (namespace, table_name);

-- Hive's ACID transactions (HMS's TXNS): state 'o' open, 'a' aborted, 'c' committed. An open transaction
-- past its expire_time (no heartbeat within its ttl) counts as aborted, and is marked so by the next
-- write that touches it. Committed rows stay, so that a retried commit and an abort of a committed
-- transaction are told apart from unknown ids.
CREATE TABLE acid_transactions (
    id BIGINT PRIMARY KEY,
    state CHAR(1) NOT NULL,
    txn_type TEXT NOT NULL,
    txn_user TEXT NOT NULL,
    host TEXT NOT NULL,
    agent_info TEXT NOT NULL,
    start_time TIMESTAMPTZ NOT NULL,
    last_heartbeat_time TIMESTAMPTZ NOT NULL,
    expire_time TIMESTAMPTZ NOT NULL,
    ttl_nanos BIGINT NOT NULL
);
-- The transactions a reader must know about (open and aborted), without a scan of the committed ones.
CREATE INDEX acid_transactions_by_state ON acid_transactions (state, id);

CREATE SEQUENCE acid_transaction_ids;

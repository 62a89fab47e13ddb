-- The same as PostgreSQL's V23 in H2's types.
CREATE TABLE acid_replicated_transactions (
    repl_policy VARCHAR NOT NULL,
    source_txn_id BIGINT NOT NULL,
    target_txn_id BIGINT NOT NULL,
    PRIMARY KEY (repl_policy, source_txn_id)
);
CREATE INDEX acid_replicated_transactions_by_target ON acid_replicated_transactions (target_txn_id);

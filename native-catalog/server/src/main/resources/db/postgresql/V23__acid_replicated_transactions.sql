-- Replication's map of a source's transactions to the ones replaying them here (HMS's REPL_TXN_MAP): open_txns
-- of type REPL_CREATED with a policy records a row per source id; commit_txn and abort_txn of such a policy
-- name the source id and find the target through it. A row goes when its replay commits or aborts by source
-- id, or when its target is aborted otherwise (by id, or once not heartbeated), as HMS deletes it.
CREATE TABLE acid_replicated_transactions (
    repl_policy TEXT COLLATE "C" NOT NULL,
    source_txn_id BIGINT NOT NULL,
    target_txn_id BIGINT NOT NULL,
    PRIMARY KEY (repl_policy, source_txn_id)
);
CREATE INDEX acid_replicated_transactions_by_target ON acid_replicated_transactions (target_txn_id);

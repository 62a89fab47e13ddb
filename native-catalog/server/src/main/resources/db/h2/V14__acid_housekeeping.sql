-- The housekeeping forgets aborted transactions that were given no write id: it looks them up by transaction.
CREATE INDEX acid_write_ids_by_transaction ON acid_write_ids (txn_id);

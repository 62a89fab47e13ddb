-- Leases taken inside one of Hive's transactions (txn_id, 0 for none): released by its commit or abort,
-- kept alive by its heartbeats.
ALTER TABLE leases ADD COLUMN txn_id BIGINT NOT NULL DEFAULT 0;
CREATE INDEX leases_by_transaction ON leases (txn_id);

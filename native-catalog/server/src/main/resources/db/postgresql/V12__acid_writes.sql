-- What each open Hive transaction writes (HMS's TXN_COMPONENTS): from its locks and from the dynamic
-- partitions it reports; partition_name '' is the whole table. operation: 'i' insert, 'u' update,
-- 'd' delete. Rows go when the transaction ends.
CREATE TABLE acid_txn_writes (
    txn_id BIGINT NOT NULL,
    catalog TEXT COLLATE "C" NOT NULL,
    namespace TEXT COLLATE "C" NOT NULL,
    table_name TEXT COLLATE "C" NOT NULL,
    partition_name TEXT COLLATE "C" NOT NULL,
    operation CHAR(1) NOT NULL,
    write_id BIGINT
);
CREATE INDEX acid_txn_writes_by_transaction ON acid_txn_writes (txn_id);

-- The updates and deletes of committed transactions (HMS's WRITE_SET), with the commit id each had (the
-- highest transaction id given when it committed): a transaction that updates or deletes in the same
-- place and started no later than that commit id overlapped it, and loses. Rows no open transaction can
-- overlap any more are dropped.
CREATE TABLE acid_write_sets (
    catalog TEXT COLLATE "C" NOT NULL,
    namespace TEXT COLLATE "C" NOT NULL,
    table_name TEXT COLLATE "C" NOT NULL,
    partition_name TEXT COLLATE "C" NOT NULL,
    txn_id BIGINT NOT NULL,
    commit_id BIGINT NOT NULL,
    operation CHAR(1) NOT NULL
);
CREATE INDEX acid_write_sets_by_place ON acid_write_sets (catalog, namespace, table_name, partition_name, commit_id);
CREATE INDEX acid_write_sets_by_commit ON acid_write_sets (commit_id);

-- The order of commits that update or delete against the opening of transactions: such a commit holds
-- this row exclusively while it takes its commit id and checks for conflicts, an open shares it, so that
-- every transaction with a higher id than a commit id started after that commit was visible.
CREATE TABLE acid_commit_order (
    id INT PRIMARY KEY
);
INSERT INTO acid_commit_order (id) VALUES (1);

-- Hive's compaction queue (HMS's COMPACTION_QUEUE): requests to compact a table (partition_name NULL) or
-- one partition of it, numbered from compaction_ids. state: 'i' initiated, 'w' working, 'r' ready for
-- cleaning, 'f' failed, 's' succeeded, 'a' did not initiate, 'c' refused. type: 'a' major, 'i' minor,
-- 'r' rebalance, 'c' abort-transaction cleanup. Texts a request leaves out are NULL. The columns from
-- worker_id on are the Worker's and the Cleaner's (started, highest write id compacted, job, error,
-- the compaction's own transaction and its commit), NULL until they take an entry.
CREATE TABLE compaction_queue (
    id BIGINT PRIMARY KEY,
    catalog TEXT COLLATE "C" NOT NULL,
    namespace TEXT COLLATE "C" NOT NULL,
    table_name TEXT COLLATE "C" NOT NULL,
    partition_name TEXT COLLATE "C",
    state CHAR(1) NOT NULL,
    type CHAR(1) NOT NULL,
    enqueue_time TIMESTAMPTZ NOT NULL,
    run_as TEXT,
    properties TEXT,
    pool_name TEXT,
    number_of_buckets INT,
    order_by TEXT,
    initiator_id TEXT,
    initiator_version TEXT,
    worker_id TEXT,
    worker_version TEXT,
    start_time TIMESTAMPTZ,
    highest_write_id BIGINT,
    hadoop_job_id TEXT,
    error_message TEXT,
    txn_id BIGINT,
    commit_time TIMESTAMPTZ,
    next_txn_id BIGINT,
    cleaner_start TIMESTAMPTZ,
    end_time TIMESTAMPTZ,
    meta_info TEXT
);
CREATE INDEX compaction_queue_by_place ON compaction_queue (namespace, table_name, state);
CREATE INDEX compaction_queue_by_state ON compaction_queue (state, id);

CREATE SEQUENCE compaction_ids;

-- Enqueueing holds this row exclusively while it looks for an entry initiated or working on the same
-- place and adds its own (HMS's CompactionScheduler mutex): of two requests for one place, one is
-- refused.
CREATE TABLE compaction_scheduler (
    id INT PRIMARY KEY
);
INSERT INTO compaction_scheduler (id) VALUES (1);

-- The same as PostgreSQL's V13 in H2's types.
-- Hive's compaction queue (HMS's COMPACTION_QUEUE): requests to compact a table (partition_name NULL) or
-- one partition of it, numbered from compaction_ids. state: 'i' initiated, 'w' working, 'r' ready for
-- cleaning, 'f' failed, 's' succeeded, 'a' did not initiate, 'c' refused. type: 'a' major, 'i' minor,
-- 'r' rebalance, 'c' abort-transaction cleanup. Texts a request leaves out are NULL. The columns from
-- worker_id on are the Worker's and the Cleaner's (started, highest write id compacted, job, error,
-- the compaction's own transaction and its commit), NULL until they take an entry.
CREATE TABLE compaction_queue (
    id BIGINT PRIMARY KEY,
    catalog VARCHAR NOT NULL,
    namespace VARCHAR NOT NULL,
    table_name VARCHAR NOT NULL,
    partition_name VARCHAR,
    state CHAR(1) NOT NULL,
    type CHAR(1) NOT NULL,
    enqueue_time TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    run_as VARCHAR,
    properties VARCHAR,
    pool_name VARCHAR,
    number_of_buckets INT,
    order_by VARCHAR,
    initiator_id VARCHAR,
    initiator_version VARCHAR,
    worker_id VARCHAR,
    worker_version VARCHAR,
    start_time TIMESTAMP(6) WITH TIME ZONE,
    highest_write_id BIGINT,
    hadoop_job_id VARCHAR,
    error_message VARCHAR,
    txn_id BIGINT,
    commit_time TIMESTAMP(6) WITH TIME ZONE,
    next_txn_id BIGINT,
    cleaner_start TIMESTAMP(6) WITH TIME ZONE,
    end_time TIMESTAMP(6) WITH TIME ZONE,
    meta_info VARCHAR
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

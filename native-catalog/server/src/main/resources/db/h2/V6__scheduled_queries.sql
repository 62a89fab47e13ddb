-- Scheduled queries: a query text an engine runs on a cron schedule, keyed by the engine cluster's
-- namespace and a name, and the executions the engines report back. next_execution is NULL when the
-- schedule has no further time; active_execution_id names the run under way, if any.
CREATE TABLE scheduled_queries (
    cluster_namespace VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    enabled BOOLEAN NOT NULL,
    schedule VARCHAR NOT NULL,
    query_user VARCHAR NOT NULL,
    query_text VARCHAR NOT NULL,
    next_execution TIMESTAMP(6) WITH TIME ZONE,
    active_execution_id BIGINT,
    PRIMARY KEY (cluster_namespace, name)
);
CREATE INDEX scheduled_queries_due ON scheduled_queries (cluster_namespace, next_execution);

CREATE TABLE scheduled_executions (
    id BIGINT PRIMARY KEY,
    cluster_namespace VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    state VARCHAR NOT NULL,
    start_time TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    end_time TIMESTAMP(6) WITH TIME ZONE,
    last_update_time TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    executor_query_id VARCHAR,
    error_message VARCHAR
);
CREATE INDEX scheduled_executions_of_query ON scheduled_executions (cluster_namespace, name, id);

-- The one row every scheduled-query write locks: two pollers never pick the same run, and a create
-- never races another create of the same name into a duplicate-key failure.
CREATE TABLE scheduled_query_lock (
    id INT PRIMARY KEY CHECK (id = 1)
);
INSERT INTO scheduled_query_lock (id) VALUES (1);

CREATE SEQUENCE scheduled_execution_ids;

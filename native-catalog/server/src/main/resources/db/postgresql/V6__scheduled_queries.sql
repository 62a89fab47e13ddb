-- Scheduled queries: a query text an engine runs on a cron schedule, keyed by the engine cluster's
-- namespace and a name, and the executions the engines report back. next_execution is NULL when the
-- schedule has no further time; active_execution_id names the run under way, if any.
CREATE TABLE scheduled_queries (
    cluster_namespace TEXT NOT NULL,
    name TEXT NOT NULL,
    enabled BOOLEAN NOT NULL,
    schedule TEXT NOT NULL,
    query_user TEXT NOT NULL,
    query_text TEXT NOT NULL,
    next_execution TIMESTAMPTZ,
    active_execution_id BIGINT,
    PRIMARY KEY (cluster_namespace, name)
);
CREATE INDEX scheduled_queries_due ON scheduled_queries (cluster_namespace, next_execution);

CREATE TABLE scheduled_executions (
    id BIGINT PRIMARY KEY,
    cluster_namespace TEXT NOT NULL,
    name TEXT NOT NULL,
    state TEXT NOT NULL,
    start_time TIMESTAMPTZ NOT NULL,
    end_time TIMESTAMPTZ,
    last_update_time TIMESTAMPTZ NOT NULL,
    executor_query_id TEXT,
    error_message TEXT
);
CREATE INDEX scheduled_executions_of_query ON scheduled_executions (cluster_namespace, name, id);

-- The one row every scheduled-query write locks: two pollers never pick the same run, and a create
-- never races another create of the same name into a duplicate-key failure.
CREATE TABLE scheduled_query_lock (
    id INT PRIMARY KEY CHECK (id = 1)
);
INSERT INTO scheduled_query_lock (id) VALUES (1);

CREATE SEQUENCE scheduled_execution_ids;

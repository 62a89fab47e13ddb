-- The native catalog's tables; the same as PostgreSQL's V1 in H2's types. H2 compares strings
-- in code-point order, as the PostgreSQL schema does with the "C" collation.
-- Documents (doc) are the JSON of the model object; columns beside them exist to be searched or swapped.
-- Documents are CHARACTER VARYING (up to 10^9 characters in H2), not CLOB: H2 keeps CLOBs in a
-- separate LOB store, and reading them was a tenth of the CPU of a table read.

CREATE TABLE namespaces (
    name VARCHAR PRIMARY KEY,
    version BIGINT NOT NULL,
    doc CHARACTER VARYING NOT NULL
);

CREATE TABLE tables (
    id UUID PRIMARY KEY,
    namespace VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    format VARCHAR NOT NULL,
    version BIGINT NOT NULL,
    metadata_location VARCHAR NOT NULL,
    doc CHARACTER VARYING NOT NULL,
    CONSTRAINT tables_name_unique UNIQUE (namespace, name)
);

-- ordinal keeps the table's order of snapshots without rewriting the kept ones on every commit.
CREATE TABLE snapshots (
    table_id UUID NOT NULL,
    snapshot_id BIGINT NOT NULL,
    ordinal BIGINT NOT NULL,
    doc CHARACTER VARYING NOT NULL,
    PRIMARY KEY (table_id, snapshot_id)
);
CREATE INDEX snapshots_in_order ON snapshots (table_id, ordinal);

-- Columns and storage format of partitions, once per distinct content (storage_hash = SHA-256 of doc).
CREATE TABLE partition_storage (
    table_id UUID NOT NULL,
    storage_hash VARCHAR NOT NULL,
    doc CHARACTER VARYING NOT NULL,
    PRIMARY KEY (table_id, storage_hash)
);

CREATE TABLE partitions (
    table_id UUID NOT NULL,
    part_name VARCHAR NOT NULL,
    part_values VARCHAR NOT NULL,
    location VARCHAR NOT NULL,
    parameters VARCHAR NOT NULL,
    create_time TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    last_access_time TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    storage_hash VARCHAR NOT NULL,
    PRIMARY KEY (table_id, part_name)
);

-- One row per partition and key, for filters; long_value is set for integral keys whose value is a number.
-- The indexes end with part_name so that a filter on one key is answered from the index alone.
CREATE TABLE partition_key_values (
    table_id UUID NOT NULL,
    part_name VARCHAR NOT NULL,
    key_index INT NOT NULL,
    string_value VARCHAR NOT NULL,
    long_value BIGINT,
    PRIMARY KEY (table_id, part_name, key_index)
);
CREATE INDEX partition_key_strings ON partition_key_values (table_id, key_index, string_value, part_name);
CREATE INDEX partition_key_longs ON partition_key_values (table_id, key_index, long_value, part_name);

-- part_name is '' for the table's own statistics.
CREATE TABLE column_statistics (
    table_id UUID NOT NULL,
    part_name VARCHAR NOT NULL,
    engine VARCHAR NOT NULL,
    column_name VARCHAR NOT NULL,
    doc CHARACTER VARYING NOT NULL,
    PRIMARY KEY (table_id, part_name, engine, column_name)
);

CREATE TABLE functions (
    namespace VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    doc CHARACTER VARYING NOT NULL,
    PRIMARY KEY (namespace, name)
);

CREATE TABLE leases (
    id BIGINT PRIMARY KEY,
    holder VARCHAR NOT NULL,
    state VARCHAR NOT NULL,
    create_time TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    acquire_time TIMESTAMP(6) WITH TIME ZONE,
    expire_time TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    ttl_nanos BIGINT NOT NULL
);
CREATE INDEX leases_by_expiry ON leases (expire_time);

CREATE TABLE lease_resources (
    lease_id BIGINT NOT NULL,
    ordinal INT NOT NULL,
    namespace VARCHAR NOT NULL,
    table_name VARCHAR NOT NULL,
    lease_mode VARCHAR NOT NULL,
    PRIMARY KEY (lease_id, ordinal)
);

-- The one row every lease decision locks, so that decisions are serialized across processes.
CREATE TABLE lease_lock (
    id INT PRIMARY KEY CHECK (id = 1)
);
INSERT INTO lease_lock (id) VALUES (1);

CREATE SEQUENCE lease_ids;

-- request_id is NULL when the request carried none. One request may record several events in its
-- transaction; that no two transactions record the same request id is checked while holding the
-- event counter, which serializes event writers (see EventWriter).
CREATE TABLE events (
    id BIGINT PRIMARY KEY,
    event_time TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    principal VARCHAR NOT NULL,
    event_type VARCHAR NOT NULL,
    namespace VARCHAR NOT NULL,
    table_name VARCHAR NOT NULL,
    request_id VARCHAR,
    doc CHARACTER VARYING NOT NULL
);
CREATE INDEX events_by_object ON events (namespace, table_name, id);
CREATE INDEX events_by_request ON events (request_id);

-- Every writer of events updates this row at commit and holds it until then: ids are gap-free
-- and become visible in order.
CREATE TABLE event_counter (
    id INT PRIMARY KEY CHECK (id = 1),
    last_id BIGINT NOT NULL
);
INSERT INTO event_counter (id, last_id) VALUES (1, 0);

-- The native catalog's tables. Names that are listed in order use the "C" collation, so that
-- listings and keyset pages come in code-point order whatever the database's locale.
-- Documents (doc) are the JSON of the model object; columns beside them exist to be searched or swapped.

CREATE TABLE namespaces (
    name TEXT COLLATE "C" PRIMARY KEY,
    version BIGINT NOT NULL,
    doc TEXT NOT NULL
);

CREATE TABLE tables (
    id UUID PRIMARY KEY,
    namespace TEXT COLLATE "C" NOT NULL,
    name TEXT COLLATE "C" NOT NULL,
    format TEXT NOT NULL,
    version BIGINT NOT NULL,
    metadata_location TEXT NOT NULL,
    doc TEXT NOT NULL,
    CONSTRAINT tables_name_unique UNIQUE (namespace, name)
);

-- ordinal keeps the table's order of snapshots without rewriting the kept ones on every commit.
CREATE TABLE snapshots (
    table_id UUID NOT NULL,
    snapshot_id BIGINT NOT NULL,
    ordinal BIGINT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (table_id, snapshot_id)
);
CREATE INDEX snapshots_in_order ON snapshots (table_id, ordinal);

-- Columns and storage format of partitions, once per distinct content (storage_hash = SHA-256 of doc).
CREATE TABLE partition_storage (
    table_id UUID NOT NULL,
    storage_hash TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (table_id, storage_hash)
);

CREATE TABLE partitions (
    table_id UUID NOT NULL,
    part_name TEXT COLLATE "C" NOT NULL,
    part_values TEXT NOT NULL,
    location TEXT NOT NULL,
    parameters TEXT NOT NULL,
    create_time TIMESTAMPTZ NOT NULL,
    last_access_time TIMESTAMPTZ NOT NULL,
    storage_hash TEXT NOT NULL,
    PRIMARY KEY (table_id, part_name)
);

-- One row per partition and key, for filters; long_value is set for integral keys whose value is a number.
-- The indexes end with part_name so that a filter on one key is answered from the index alone.
CREATE TABLE partition_key_values (
    table_id UUID NOT NULL,
    part_name TEXT COLLATE "C" NOT NULL,
    key_index INT NOT NULL,
    string_value TEXT COLLATE "C" NOT NULL,
    long_value BIGINT,
    PRIMARY KEY (table_id, part_name, key_index)
);
CREATE INDEX partition_key_strings ON partition_key_values (table_id, key_index, string_value, part_name);
CREATE INDEX partition_key_longs ON partition_key_values (table_id, key_index, long_value, part_name);

-- part_name is '' for the table's own statistics.
CREATE TABLE column_statistics (
    table_id UUID NOT NULL,
    part_name TEXT COLLATE "C" NOT NULL,
    engine TEXT COLLATE "C" NOT NULL,
    column_name TEXT COLLATE "C" NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (table_id, part_name, engine, column_name)
);

CREATE TABLE functions (
    namespace TEXT COLLATE "C" NOT NULL,
    name TEXT COLLATE "C" NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (namespace, name)
);

CREATE TABLE leases (
    id BIGINT PRIMARY KEY,
    holder TEXT NOT NULL,
    state TEXT NOT NULL,
    create_time TIMESTAMPTZ NOT NULL,
    acquire_time TIMESTAMPTZ,
    expire_time TIMESTAMPTZ NOT NULL,
    ttl_nanos BIGINT NOT NULL
);
CREATE INDEX leases_by_expiry ON leases (expire_time);

CREATE TABLE lease_resources (
    lease_id BIGINT NOT NULL,
    ordinal INT NOT NULL,
    namespace TEXT NOT NULL,
    table_name TEXT NOT NULL,
    lease_mode TEXT NOT NULL,
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
    event_time TIMESTAMPTZ NOT NULL,
    principal TEXT NOT NULL,
    event_type TEXT NOT NULL,
    namespace TEXT NOT NULL,
    table_name TEXT NOT NULL,
    request_id TEXT,
    doc TEXT NOT NULL
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

-- The same as PostgreSQL's V27 in H2's types.
CREATE TABLE acid_compactor_writes (
    txn_id BIGINT NOT NULL,
    catalog VARCHAR NOT NULL,
    namespace VARCHAR NOT NULL,
    table_name VARCHAR NOT NULL,
    partition_name VARCHAR,
    highest_write_id BIGINT NOT NULL
);
CREATE INDEX acid_compactor_writes_by_txn ON acid_compactor_writes (txn_id);
CREATE INDEX acid_compactor_writes_by_place ON acid_compactor_writes (namespace, table_name);

-- The same as PostgreSQL's V17 in H2's types.
CREATE TABLE acid_write_notifications (
    txn_id BIGINT NOT NULL,
    catalog VARCHAR NOT NULL,
    namespace VARCHAR NOT NULL,
    table_name VARCHAR NOT NULL,
    partition_name VARCHAR NOT NULL,
    write_id BIGINT NOT NULL,
    table_object VARCHAR NOT NULL,
    partition_object VARCHAR,
    files VARCHAR NOT NULL,
    reported_at TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    PRIMARY KEY (txn_id, catalog, namespace, table_name, partition_name)
);

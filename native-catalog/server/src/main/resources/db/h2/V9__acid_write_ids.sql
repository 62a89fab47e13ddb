-- The same as PostgreSQL's V9 in H2's types.
-- Hive's write ids (HMS's TXN_TO_WRITE_ID and NEXT_WRITE_ID): each table numbers the transactions that
-- write it, 1, 2, 3, ... in the order they ask. Keyed by the table's names, not its id, as HMS keys them:
-- a client may ask for a table the catalog does not hold (HMS allocates for any name).
CREATE TABLE acid_write_ids (
    catalog VARCHAR NOT NULL,
    namespace VARCHAR NOT NULL,
    table_name VARCHAR NOT NULL,
    txn_id BIGINT NOT NULL,
    write_id BIGINT NOT NULL,
    PRIMARY KEY (catalog, namespace, table_name, txn_id)
);
-- A reader walks a table's write ids in order; a write id belongs to one transaction.
CREATE UNIQUE INDEX acid_write_ids_in_order ON acid_write_ids (catalog, namespace, table_name, write_id);

-- The next write id of each table that has had one; its row is the lock that orders allocations.
CREATE TABLE acid_next_write_ids (
    catalog VARCHAR NOT NULL,
    namespace VARCHAR NOT NULL,
    table_name VARCHAR NOT NULL,
    next_write_id BIGINT NOT NULL,
    PRIMARY KEY (catalog, namespace, table_name)
);

-- What each materialized view counts of its sources' writes (HMS 4's MV_TABLES_USED counts): a row per view
-- (the catalog's names) and source (HMS's table id, which follows the table through a rename). Written with
-- the view's creation metadata (the counts it carries, else 0); Hive's update_transaction_statistics adds a
-- transaction's inserted, updated and deleted rows to every row of the source. They move with the view's
-- rename and go with its drop.
CREATE TABLE materialized_view_source_counts (
    catalog TEXT COLLATE "C" NOT NULL,
    namespace TEXT COLLATE "C" NOT NULL,
    table_name TEXT COLLATE "C" NOT NULL,
    source_table_id BIGINT NOT NULL,
    inserted_count BIGINT NOT NULL,
    updated_count BIGINT NOT NULL,
    deleted_count BIGINT NOT NULL,
    PRIMARY KEY (catalog, namespace, table_name, source_table_id)
);
CREATE INDEX materialized_view_source_counts_by_source ON materialized_view_source_counts (source_table_id);

-- The same as PostgreSQL's V18 in H2's types.
CREATE TABLE materialized_view_source_counts (
    catalog VARCHAR NOT NULL,
    namespace VARCHAR NOT NULL,
    table_name VARCHAR NOT NULL,
    source_table_id BIGINT NOT NULL,
    inserted_count BIGINT NOT NULL,
    updated_count BIGINT NOT NULL,
    deleted_count BIGINT NOT NULL,
    PRIMARY KEY (catalog, namespace, table_name, source_table_id)
);
CREATE INDEX materialized_view_source_counts_by_source ON materialized_view_source_counts (source_table_id);

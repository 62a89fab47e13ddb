-- Constraints tables declare (primary, foreign, unique keys, not-null, default, check), the same as
-- PostgreSQL's V2 in H2's types. A foreign key's parent is referenced by id, so that renaming either
-- table keeps the key; its doc keeps the parent's name as it was written, read back from tables.
CREATE TABLE table_constraints (
    table_id UUID NOT NULL,
    name VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    parent_table_id UUID,
    doc CHARACTER VARYING NOT NULL,
    PRIMARY KEY (table_id, name)
);
CREATE INDEX table_constraints_by_parent ON table_constraints (parent_table_id);

-- Constraints tables declare (primary, foreign, unique keys, not-null, default, check). A foreign
-- key's parent is referenced by id, so that renaming either table keeps the key; its doc keeps the
-- parent's name as it was written, read back from tables.
CREATE TABLE table_constraints (
    table_id UUID NOT NULL,
    name TEXT COLLATE "C" NOT NULL,
    kind TEXT NOT NULL,
    parent_table_id UUID,
    doc TEXT NOT NULL,
    PRIMARY KEY (table_id, name)
);
CREATE INDEX table_constraints_by_parent ON table_constraints (parent_table_id);

-- Catalogs, the same as PostgreSQL's V5 in H2's types.
CREATE TABLE catalogs (
    name VARCHAR PRIMARY KEY,
    description CHARACTER VARYING NOT NULL,
    location CHARACTER VARYING NOT NULL,
    create_time TIMESTAMP(6) WITH TIME ZONE NOT NULL
);
INSERT INTO catalogs (name, description, location, create_time)
VALUES ('hive', 'Default catalog for Hive', '', CURRENT_TIMESTAMP);

ALTER TABLE namespaces ADD COLUMN catalog VARCHAR NOT NULL DEFAULT 'hive';
CREATE INDEX namespaces_by_catalog ON namespaces (catalog, name);

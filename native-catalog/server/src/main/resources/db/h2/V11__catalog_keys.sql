-- The same as PostgreSQL's V11 in H2's syntax.
ALTER TABLE namespaces DROP PRIMARY KEY;
ALTER TABLE namespaces ADD PRIMARY KEY (catalog, name);
DROP INDEX namespaces_by_catalog;

ALTER TABLE tables ADD COLUMN catalog VARCHAR NOT NULL DEFAULT 'hive';
ALTER TABLE tables DROP CONSTRAINT tables_name_unique;
ALTER TABLE tables ADD CONSTRAINT tables_name_unique UNIQUE (catalog, namespace, name);

ALTER TABLE functions ADD COLUMN catalog VARCHAR NOT NULL DEFAULT 'hive';
ALTER TABLE functions DROP PRIMARY KEY;
ALTER TABLE functions ADD PRIMARY KEY (catalog, namespace, name);

ALTER TABLE events ADD COLUMN catalog VARCHAR NOT NULL DEFAULT 'hive';
DROP INDEX events_by_object;
CREATE INDEX events_by_object ON events (catalog, namespace, table_name, id);

ALTER TABLE lease_resources ADD COLUMN catalog VARCHAR NOT NULL DEFAULT 'hive';

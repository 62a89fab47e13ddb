-- Catalogs for real: HMS keys a database by (catalog, name), so two catalogs may each hold a
-- namespace db1 with a table t. Everything that names a namespace gains its catalog; rows written
-- before this migration belong to the default catalog, hive. Rows keyed by table id (snapshots,
-- partitions, statistics, constraints) follow their table; scheduled queries name an engine
-- cluster's namespace, not a database, and stay as they are.
ALTER TABLE namespaces DROP CONSTRAINT namespaces_pkey;
ALTER TABLE namespaces ADD PRIMARY KEY (catalog, name);
DROP INDEX namespaces_by_catalog;

ALTER TABLE tables ADD COLUMN catalog TEXT COLLATE "C" NOT NULL DEFAULT 'hive';
ALTER TABLE tables DROP CONSTRAINT tables_name_unique;
ALTER TABLE tables ADD CONSTRAINT tables_name_unique UNIQUE (catalog, namespace, name);

ALTER TABLE functions ADD COLUMN catalog TEXT COLLATE "C" NOT NULL DEFAULT 'hive';
ALTER TABLE functions DROP CONSTRAINT functions_pkey;
ALTER TABLE functions ADD PRIMARY KEY (catalog, namespace, name);

-- Events of namespace, table and function changes: the catalog of the object; lease resources: the
-- catalog of the namespace or table claimed.
ALTER TABLE events ADD COLUMN catalog TEXT COLLATE "C" NOT NULL DEFAULT 'hive';
DROP INDEX events_by_object;
CREATE INDEX events_by_object ON events (catalog, namespace, table_name, id);

ALTER TABLE lease_resources ADD COLUMN catalog TEXT COLLATE "C" NOT NULL DEFAULT 'hive';

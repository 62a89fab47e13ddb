-- Catalogs: the top level, above namespaces. The default catalog, hive, holds every namespace made
-- before catalogs existed; its location stays empty because its namespaces live under the server's
-- warehouse, which the store does not know.
CREATE TABLE catalogs (
    name TEXT COLLATE "C" PRIMARY KEY,
    description TEXT NOT NULL,
    location TEXT NOT NULL,
    create_time TIMESTAMPTZ NOT NULL
);
INSERT INTO catalogs (name, description, location, create_time)
VALUES ('hive', 'Default catalog for Hive', '', CURRENT_TIMESTAMP);

-- The catalog of each namespace, for listing a catalog's namespaces and refusing to delete a catalog
-- that holds some. Namespace names stay unique across catalogs (the primary key is unchanged).
ALTER TABLE namespaces ADD COLUMN catalog TEXT COLLATE "C" NOT NULL DEFAULT 'hive';
CREATE INDEX namespaces_by_catalog ON namespaces (catalog, name);

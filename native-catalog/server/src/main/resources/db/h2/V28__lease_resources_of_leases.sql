-- The same as PostgreSQL's V28.
DELETE FROM lease_resources WHERE lease_id NOT IN (SELECT id FROM leases);
ALTER TABLE lease_resources ADD CONSTRAINT lease_resources_of_lease
    FOREIGN KEY (lease_id) REFERENCES leases (id) ON DELETE CASCADE;

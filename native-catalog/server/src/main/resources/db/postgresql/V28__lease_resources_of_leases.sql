-- A lease's resources go with it: releasing a lease (an unlock, its transaction's end, its expiry) is one
-- statement on leases. No process writes resources of no lease, so the DELETE finds none; it is there so
-- that the constraint can be added whatever an older store holds.
DELETE FROM lease_resources WHERE lease_id NOT IN (SELECT id FROM leases);
ALTER TABLE lease_resources ADD CONSTRAINT lease_resources_of_lease
    FOREIGN KEY (lease_id) REFERENCES leases (id) ON DELETE CASCADE;

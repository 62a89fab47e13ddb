-- The access version: one number that moves, in the same transaction, with every change of who may do what
-- (privilege grants, roles, role grants, and drops or renames of objects that hold grants). A gateway keeps
-- what it read of grants and roles with the version it read first, and reads them again only when the
-- version has moved: one point read per check instead of the grants themselves, whichever process changed them.
CREATE TABLE access_version (
    id INT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO access_version (id, version) VALUES (1, 0);

-- Roles (HMS's ROLES and ROLE_MAP), kept by the catalog so that every server on one store sees the same ones.
-- admin and public exist from the start, as HMS makes them; every user belongs to public without a row.
-- Names are case-sensitive, as given (COLLATE "C": ordered by code point on every database).
CREATE TABLE roles (
    name TEXT COLLATE "C" PRIMARY KEY,
    owner TEXT NOT NULL,
    create_time TIMESTAMPTZ NOT NULL
);
INSERT INTO roles (name, owner, create_time) VALUES ('admin', 'admin', CURRENT_TIMESTAMP);
INSERT INTO roles (name, owner, create_time) VALUES ('public', 'public', CURRENT_TIMESTAMP);

-- A role granted to a member (a user, a group or another role); the grantor is as the caller gave it (NULL: none).
-- A role's drop deletes its rows both ways.
CREATE TABLE role_grants (
    role_name TEXT COLLATE "C" NOT NULL,
    member_name TEXT COLLATE "C" NOT NULL,
    member_kind TEXT NOT NULL,
    grant_option BOOLEAN NOT NULL,
    grantor_name TEXT,
    grantor_kind TEXT,
    grant_time TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (role_name, member_kind, member_name)
);
CREATE INDEX role_grants_of_member ON role_grants (member_name, member_kind, role_name);

-- The one row every change of roles locks: two grants can never together make a role contain itself.
CREATE TABLE role_lock (
    id INT PRIMARY KEY CHECK (id = 1)
);
INSERT INTO role_lock (id) VALUES (1);

-- The same as PostgreSQL's V19 in H2's types.
CREATE TABLE roles (
    name VARCHAR PRIMARY KEY,
    owner VARCHAR NOT NULL,
    create_time TIMESTAMP(6) WITH TIME ZONE NOT NULL
);
INSERT INTO roles (name, owner, create_time) VALUES ('admin', 'admin', CURRENT_TIMESTAMP);
INSERT INTO roles (name, owner, create_time) VALUES ('public', 'public', CURRENT_TIMESTAMP);

CREATE TABLE role_grants (
    role_name VARCHAR NOT NULL,
    member_name VARCHAR NOT NULL,
    member_kind VARCHAR NOT NULL,
    grant_option BOOLEAN NOT NULL,
    grantor_name VARCHAR,
    grantor_kind VARCHAR,
    grant_time TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    PRIMARY KEY (role_name, member_kind, member_name)
);
CREATE INDEX role_grants_of_member ON role_grants (member_name, member_kind, role_name);

CREATE TABLE role_lock (
    id INT PRIMARY KEY CHECK (id = 1)
);
INSERT INTO role_lock (id) VALUES (1);

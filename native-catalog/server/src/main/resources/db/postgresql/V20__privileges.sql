-- Privileges (HMS's GLOBAL_PRIVS, DB_PRIVS, TBL_PRIVS, PART_PRIVS, TBL_COL_PRIVS, PART_COL_PRIVS in one
-- table): a privilege on an object granted to a user, a group or a role, kept as given (names case-sensitive,
-- COLLATE "C"). A namespace's grants name it; a table's, partition's or column's hold the table's id, so that
-- they follow a rename and go with the table (partition_values: the partition's values as a JSON array, ''
-- for none; column_name '' for none). id keeps the order of grants.
CREATE TABLE privilege_grants (
    id BIGSERIAL PRIMARY KEY,
    object_kind TEXT NOT NULL,
    catalog TEXT COLLATE "C" NOT NULL,
    namespace TEXT COLLATE "C" NOT NULL,
    table_id UUID,
    partition_values TEXT COLLATE "C" NOT NULL,
    column_name TEXT COLLATE "C" NOT NULL,
    principal_name TEXT COLLATE "C" NOT NULL,
    principal_kind TEXT NOT NULL,
    privilege TEXT COLLATE "C" NOT NULL,
    grant_option BOOLEAN NOT NULL,
    grantor_name TEXT COLLATE "C",
    grantor_kind TEXT,
    grant_time TIMESTAMPTZ NOT NULL,
    authorizer TEXT COLLATE "C" NOT NULL
);
CREATE INDEX privilege_grants_of_principal ON privilege_grants (principal_name, principal_kind);
CREATE INDEX privilege_grants_of_namespace ON privilege_grants (catalog, namespace);
CREATE INDEX privilege_grants_of_table ON privilege_grants (table_id);

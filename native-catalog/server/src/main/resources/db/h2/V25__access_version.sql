-- The same as PostgreSQL's V25.
CREATE TABLE access_version (
    id INT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO access_version (id, version) VALUES (1, 0);

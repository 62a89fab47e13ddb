-- Opaque objects: objects of kinds the catalog does not model, kept for a client that does, under
-- their kind and key, with a version that every write moves on. Keys sort by code point, so a
-- prefix listing is a range and its pages follow one order on every database.
CREATE TABLE opaque_objects (
    kind VARCHAR(64) NOT NULL,
    object_key VARCHAR(1024) NOT NULL,
    version BIGINT NOT NULL,
    body BLOB NOT NULL,
    updated_at TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    PRIMARY KEY (kind, object_key)
);

-- The one row every write of opaque objects locks: a batch checks its expected versions and writes
-- without a concurrent batch creating the same key between the two.
CREATE TABLE opaque_object_lock (
    id INT PRIMARY KEY CHECK (id = 1)
);
INSERT INTO opaque_object_lock (id) VALUES (1);

-- The store's identity: one UUID made when the store is created, never changed, so that every
-- server on this store (and the metastores' get_metastore_db_uuid in front of them) names the same store.
CREATE TABLE store_identity (
    id INT PRIMARY KEY CHECK (id = 1),
    store_id VARCHAR(36) NOT NULL
);
INSERT INTO store_identity (id, store_id) VALUES (1, CAST(RANDOM_UUID() AS VARCHAR(36)));

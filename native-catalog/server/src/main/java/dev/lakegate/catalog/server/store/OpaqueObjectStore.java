package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.OpaqueObject;
import java.util.Optional;

/** Opaque objects, by kind and key; every write of them holds the lock {@link #lock()} takes. */
public interface OpaqueObjectStore {

    /** Takes the store-wide opaque-object lock until this transaction ends. */
    void lock();

    Optional<OpaqueObject> find(String kind, String key);

    /** Of the kind, keys after {@code afterKey} starting with {@code prefix}, in key order, at most {@code limit}. */
    PageRows<OpaqueObject> list(String kind, String prefix, String afterKey, int limit, boolean withBodies);

    void insert(OpaqueObject object);

    void update(OpaqueObject object);

    void delete(String kind, String key);
}

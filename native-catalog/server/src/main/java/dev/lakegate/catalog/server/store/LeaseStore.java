package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Lease;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Leases (HMS's locks) and the resources each claims, in the database so that every process sees them. */
public interface LeaseStore {

    /**
     * Takes the store-wide lease lock until this transaction ends, so that deciding whether a lease
     * may be acquired is serialized across every process sharing the database. On PostgreSQL it is taken
     * with the transaction's next statement (in the same round trip), before that statement runs.
     */
    void lock();

    void insert(Lease lease);

    Optional<Lease> find(long id);

    /** Live and expired leases alike, by id. */
    List<Lease> list();

    void update(Lease lease);

    /**
     * Moves the expiry of lease {@code id}, alive at {@code now}, to {@code expireTime}, and nothing else of it;
     * false when no such lease lives. One statement on the lease's own row, so it needs no lease lock: a purge of
     * expired leases that meets the row re-checks its expiry once this commits.
     */
    boolean extend(long id, Instant now, Instant expireTime);

    /** The lease with its resources, in one statement. */
    void delete(long id);

    /**
     * The leases expired before {@code now} with their resources, in one statement. How many is not told: on
     * PostgreSQL the delete goes with the transaction's next statement.
     */
    void deleteExpiredBefore(Instant now);

    long nextId();
}

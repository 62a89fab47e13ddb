package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.AcidTransaction;
import dev.lakegate.catalog.server.model.AcidWrite;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Leases queue by id: one is acquired when no live lease with a lower id conflicts with it, so a
 * waiter is never starved by later arrivals. Every decision runs under the store-wide lease lock,
 * which makes it hold across processes. A lease that is not heartbeated within its ttl lapses.
 */
final class LeaseOperations {

    static final Duration DEFAULT_TTL = Duration.ofMinutes(5);
    static final Duration MIN_TTL = Duration.ofSeconds(1);
    static final Duration MAX_TTL = Duration.ofHours(24);
    static final int MAX_RESOURCES = 1000;

    private final Writes writes;

    LeaseOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    /**
     * A lease inside one of Hive's transactions ({@code transactionId} not 0) needs the transaction open,
     * and lives as long as it does: its ttl and expiry are the transaction's. What the transaction writes
     * under the lease ({@code written}) is kept for the conflict check at its commit.
     */
    Lease acquire(
            List<Lease.Resource> requested,
            String holder,
            Duration requestedTtl,
            long transactionId,
            List<AcidWrite> written) {
        if (requested.isEmpty() || requested.size() > MAX_RESOURCES) {
            throw CatalogException.invalidArgument(
                    "resources",
                    "a lease covers between 1 and " + MAX_RESOURCES + " resources, not " + requested.size());
        }
        List<Lease.Resource> resources = requested.stream()
                .map(resource -> new Lease.Resource(
                        Names.namespace(resource.namespace()),
                        resource.table().isEmpty() ? "" : Names.table(resource.table()),
                        resource.mode(),
                        Names.catalogOrDefault(resource.catalog())))
                .toList();
        Duration leaseTtl = ttl(requestedTtl);
        return writes.transact(tx -> {
            tx.lockLeases();
            Instant now = writes.now();
            Duration ttl = leaseTtl;
            Instant expireTime = now.plus(ttl);
            if (transactionId != 0) {
                AcidTransaction transaction = AcidTransactionOperations.requireOpen(tx, transactionId, now);
                ttl = transaction.ttl();
                expireTime = transaction.expireTime();
                tx.acidWrites().record(transactionId, written);
            }
            List<Lease> live = liveLeases(tx, now);
            Lease candidate = new Lease(
                    tx.nextLeaseId(),
                    resources,
                    holder,
                    Lease.State.WAITING,
                    now,
                    Optional.empty(),
                    expireTime,
                    ttl,
                    transactionId);
            Lease lease = conflicts(candidate, live) ? candidate : acquired(candidate, now);
            tx.insertLease(lease);
            return lease;
        });
    }

    /**
     * A lease found acquired stays so until it is released or lapses, whichever lock anyone else takes: that
     * answer needs neither the lease lock nor a transaction of its own (one read, no commit). Only a lease still
     * waiting is decided again, under the lock.
     */
    Lease get(long id) {
        Instant seenAt = writes.now();
        Optional<Lease> seen = writes.read(tx -> tx.findLease(id))
                .filter(lease -> lease.expireTime().isAfter(seenAt) && lease.state() == Lease.State.ACQUIRED);
        if (seen.isPresent()) {
            return seen.get();
        }
        return writes.transact(tx -> {
            tx.lockLeases();
            Instant now = writes.now();
            Lease lease = findLive(tx, id, now);
            if (lease.state() == Lease.State.WAITING && !conflicts(lease, liveLeases(tx, now))) {
                lease = acquired(lease, now);
                tx.updateLease(lease);
            }
            return lease;
        });
    }

    /**
     * Moves the expiry only, without the lease lock: a heartbeat decides nothing about other leases, so the
     * holders of many leases heartbeat at once instead of queueing behind every lease decision (Hive's
     * check_lock heartbeats first). The state answered is the one read here.
     */
    Lease heartbeat(long id) {
        return writes.transact(tx -> {
            Instant now = writes.now();
            Lease lease = findLive(tx, id, now);
            Lease extended = new Lease(
                    lease.id(),
                    lease.resources(),
                    lease.holder(),
                    lease.state(),
                    lease.createTime(),
                    lease.acquireTime(),
                    now.plus(lease.ttl()),
                    lease.ttl(),
                    lease.transactionId());
            if (!tx.extendLease(id, now, extended.expireTime())) {
                throw notFound(id);
            }
            return extended;
        });
    }

    /** One acquired inside a transaction is released by the transaction's end only; one still waiting may go. */
    void release(long id) {
        writes.transact(tx -> {
            tx.lockLeases();
            Lease lease = findLive(tx, id, writes.now());
            if (lease.transactionId() != 0 && lease.state() == Lease.State.ACQUIRED) {
                throw new CatalogException(
                        ErrorCode.INVALID_STATE_CHANGE,
                        "lease " + id + " was acquired in transaction " + lease.transactionId()
                                + ": its commit or abort releases it",
                        Map.of("lease", Long.toString(id), "transaction", Long.toString(lease.transactionId())));
            }
            tx.deleteLease(id);
            return null;
        });
    }

    /** Live leases on a namespace of a catalog (empty: the default one) or on a table of it; no namespace: all. */
    List<Lease> list(String catalog, String namespace, String table) {
        String normalizedCatalog = Names.catalogOrDefault(catalog);
        String normalizedNamespace = namespace == null || namespace.isEmpty() ? "" : Names.namespace(namespace);
        String normalizedTable = table == null || table.isEmpty() ? "" : Names.table(table);
        Instant now = writes.now();
        return writes.read(tx -> tx.listLeases().stream()
                .filter(lease -> lease.expireTime().isAfter(now))
                .filter(lease -> lease.resources().stream()
                        .anyMatch(resource -> (normalizedNamespace.isEmpty()
                                        || (resource.catalog().equals(normalizedCatalog)
                                                && resource.namespace().equals(normalizedNamespace)))
                                && (normalizedTable.isEmpty()
                                        || resource.table().equals(normalizedTable))))
                .toList());
    }

    private static List<Lease> liveLeases(StoreTransaction tx, Instant now) {
        tx.deleteLeasesExpiredBefore(now);
        return tx.listLeases();
    }

    private static boolean conflicts(Lease lease, List<Lease> live) {
        for (Lease other : live) {
            if (other.id() >= lease.id()) {
                continue;
            }
            for (Lease.Resource mine : lease.resources()) {
                for (Lease.Resource theirs : other.resources()) {
                    if (mine.conflictsWith(theirs)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static Lease acquired(Lease lease, Instant now) {
        return new Lease(
                lease.id(),
                lease.resources(),
                lease.holder(),
                Lease.State.ACQUIRED,
                lease.createTime(),
                Optional.of(now),
                lease.expireTime(),
                lease.ttl(),
                lease.transactionId());
    }

    private static Lease findLive(StoreTransaction tx, long id, Instant now) {
        return tx.findLease(id).filter(lease -> lease.expireTime().isAfter(now)).orElseThrow(() -> notFound(id));
    }

    private static CatalogException notFound(long id) {
        return new CatalogException(
                ErrorCode.LEASE_NOT_FOUND,
                "lease " + id + " does not exist: it was released, or it expired without a heartbeat",
                Map.of("lease", Long.toString(id)));
    }

    private static Duration ttl(Duration requested) {
        return Ttls.within(requested, DEFAULT_TTL, MIN_TTL, MAX_TTL);
    }
}

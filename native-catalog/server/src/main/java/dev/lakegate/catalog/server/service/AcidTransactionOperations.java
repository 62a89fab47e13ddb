package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.AcidHeartbeats;
import dev.lakegate.catalog.server.model.AcidTransaction;
import dev.lakegate.catalog.server.model.AcidTransaction.State;
import dev.lakegate.catalog.server.model.AcidTransactionList;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.store.AcidTransactionStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Hive's ACID transactions: ids from one sequence of the store, open until committed or aborted, and
 * aborted once not heartbeated within their ttl. Each change locks the rows it reads, so two callers
 * never both commit, or commit and abort, one transaction; there is no store-wide lock, as a commit
 * touches its own row only. An expired transaction is marked aborted by the first write that reads it;
 * until then readers see it aborted, so every caller agrees on its state at any time. The leases taken
 * inside a transaction end with it (its commit or abort releases them) and live by its heartbeats.
 */
public final class AcidTransactionOperations {

    /** HMS's {@code metastore.txn.timeout} default. */
    public static final Duration DEFAULT_TTL = Duration.ofSeconds(300);

    static final Duration MIN_TTL = Duration.ofSeconds(1);
    static final Duration MAX_TTL = Duration.ofDays(1);

    /** More in one call than any client asks for (HMS opens at most 1,000 at once by default). */
    static final int MAX_OPENED = 100_000;

    /** The widest range one heartbeat may cover, so that one call cannot lock the whole history. */
    static final long MAX_HEARTBEAT_RANGE = 100_000;

    private final Writes writes;

    AcidTransactionOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    /** Opens {@code count} transactions with consecutive-or-later ids, in id order. */
    public List<Long> open(int count, String type, String user, String host, String agentInfo, Duration ttl) {
        if (count < 1 || count > MAX_OPENED) {
            throw CatalogException.invalidArgument(
                    "count", "between 1 and " + MAX_OPENED + " transactions open at once, not " + count);
        }
        Duration lifetime = ttl(ttl);
        return writes.transact(tx -> {
            AcidTransactionStore store = tx.acidTransactions();
            Instant now = writes.now();
            List<AcidTransaction> opened = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                opened.add(new AcidTransaction(
                        store.nextId(),
                        State.OPEN,
                        type.isEmpty() ? "DEFAULT" : type,
                        user,
                        host,
                        agentInfo,
                        now,
                        now,
                        now.plus(lifetime),
                        lifetime));
            }
            store.insert(opened);
            return opened.stream().map(AcidTransaction::id).toList();
        });
    }

    /**
     * Commits an open transaction. Answers the state it was in before: OPEN (now committed), COMMITTED
     * (a retry; nothing changes), ABORTED (nothing changes; an expired one is marked aborted), or empty
     * for an id that names none.
     */
    public Optional<State> commit(long id) {
        return writes.transact(tx -> {
            AcidTransactionStore store = tx.acidTransactions();
            Optional<AcidTransaction> found = store.findForUpdate(id);
            if (found.isEmpty()) {
                return Optional.empty();
            }
            AcidTransaction transaction = found.get();
            State state = transaction.stateAt(writes.now());
            if (state == State.OPEN) {
                store.update(List.of(transaction.in(State.COMMITTED)));
            } else if (state != transaction.state()) {
                store.update(List.of(transaction.in(state)));
            }
            if (transaction.state() == State.OPEN) {
                store.releaseLeases(id);
            }
            return Optional.of(state);
        });
    }

    /**
     * Aborts those of {@code ids} that are open; answers the state each existing one was in before
     * (ids that name none are left out).
     */
    public List<AcidTransaction> abort(List<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return writes.transact(tx -> {
            AcidTransactionStore store = tx.acidTransactions();
            Instant now = writes.now();
            List<AcidTransaction> found =
                    store.findForUpdate(ids.stream().distinct().sorted().toList());
            List<AcidTransaction> changed = new ArrayList<>();
            for (AcidTransaction transaction : found) {
                if (transaction.state() == State.OPEN) {
                    changed.add(transaction.in(State.ABORTED));
                    store.releaseLeases(transaction.id());
                }
            }
            store.update(changed);
            return found.stream()
                    .map(transaction -> transaction.in(transaction.stateAt(now)))
                    .toList();
        });
    }

    /** Heartbeats the open transactions of ids {@code first} to {@code last}; reports the others. */
    public AcidHeartbeats heartbeat(long first, long last) {
        if (first > last || last - first >= MAX_HEARTBEAT_RANGE) {
            throw CatalogException.invalidArgument(
                    "last_id",
                    "a heartbeat covers from 1 to " + MAX_HEARTBEAT_RANGE + " ids in order, not " + first + " to "
                            + last);
        }
        return writes.transact(tx -> {
            AcidTransactionStore store = tx.acidTransactions();
            Instant now = writes.now();
            List<AcidTransaction> changed = new ArrayList<>();
            List<Long> aborted = new ArrayList<>();
            List<Long> committed = new ArrayList<>();
            Set<Long> found = new HashSet<>();
            for (AcidTransaction transaction : store.findForUpdate(first, last)) {
                found.add(transaction.id());
                switch (transaction.stateAt(now)) {
                    case OPEN -> {
                        AcidTransaction alive = transaction.heartbeatAt(now);
                        changed.add(alive);
                        store.extendLeases(alive.id(), alive.expireTime());
                    }
                    case ABORTED -> {
                        aborted.add(transaction.id());
                        if (transaction.state() == State.OPEN) {
                            changed.add(transaction.in(State.ABORTED));
                            store.releaseLeases(transaction.id());
                        }
                    }
                    case COMMITTED -> committed.add(transaction.id());
                }
            }
            store.update(changed);
            List<Long> notFound = new ArrayList<>();
            for (long id = first; id <= last; id++) {
                if (!found.contains(id)) {
                    notFound.add(id);
                }
            }
            return new AcidHeartbeats(aborted, committed, notFound);
        });
    }

    /** The open and aborted transactions (expired ones as aborted), and the highest id given. */
    public AcidTransactionList list() {
        return writes.read(tx -> {
            AcidTransactionStore store = tx.acidTransactions();
            Instant now = writes.now();
            List<AcidTransaction> transactions = store.listNotCommitted().stream()
                    .map(transaction -> transaction.in(transaction.stateAt(now)))
                    .toList();
            return new AcidTransactionList(store.highWaterMark(), transactions);
        });
    }

    private static Duration ttl(Duration requested) {
        return Ttls.within(requested, DEFAULT_TTL, MIN_TTL, MAX_TTL);
    }
}

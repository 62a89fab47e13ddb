package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.AcidCommit;
import dev.lakegate.catalog.server.model.AcidCommitKeyValue;
import dev.lakegate.catalog.server.model.AcidCommitReplLastId;
import dev.lakegate.catalog.server.model.AcidHeartbeats;
import dev.lakegate.catalog.server.model.AcidSweep;
import dev.lakegate.catalog.server.model.AcidTransaction;
import dev.lakegate.catalog.server.model.AcidTransaction.State;
import dev.lakegate.catalog.server.model.AcidTransactionList;
import dev.lakegate.catalog.server.model.AcidWrite;
import dev.lakegate.catalog.server.model.AcidWriteConflict;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.AcidTransactionStore;
import dev.lakegate.catalog.server.store.AcidWriteStore;
import dev.lakegate.catalog.server.store.ReplicatedTransactionStore;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Hive's ACID transactions: ids from one sequence of the store, open until committed or aborted, and
 * aborted once not heartbeated within their ttl. Each change locks the rows it reads, so two callers
 * never both commit, or commit and abort, one transaction; there is no store-wide lock, as a commit
 * touches its own row only. An expired transaction is marked aborted by the first write that reads it;
 * until then readers see it aborted, so every caller agrees on its state at any time. The leases taken
 * inside a transaction end with it (its commit or abort releases them) and live by its heartbeats.
 *
 * <p>A commit of a transaction that updated or deleted checks for write-write conflicts as HMS does: it
 * takes a commit id (the highest transaction id given) while no transaction is being opened, and loses if
 * a transaction it overlapped (one that committed with a commit id of at least this one's id) updated or
 * deleted in the same partition. Opens share the commit order, so they never wait for one another.
 */
public final class AcidTransactionOperations {

    /** HMS's {@code metastore.txn.timeout} default. */
    public static final Duration DEFAULT_TTL = Duration.ofSeconds(300);
    /** HMS's default {@code hive.metastore.event.db.listener.timetolive}. */
    static final Duration WRITE_REPORT_TTL = Duration.ofDays(1);

    static final Duration MIN_TTL = Duration.ofSeconds(1);
    static final Duration MAX_TTL = Duration.ofDays(1);

    /** More in one call than any client asks for (HMS opens at most 1,000 at once by default). */
    static final int MAX_OPENED = 100_000;

    /** The widest range one heartbeat may cover, so that one call cannot lock the whole history. */
    static final long MAX_HEARTBEAT_RANGE = 100_000;

    /** Transactions whose commits keep no write set, as in HMS: they write nothing another writer could lose. */
    private static final Set<String> WITHOUT_WRITE_SET = Set.of("READ_ONLY", "SOFT_DELETE", "COMPACTION");

    /**
     * Transactions whose commit stamps the compaction queue entries they were recorded on, as HMS 4.0.1's
     * CommitTxnFunction does: the Cleaner cleans after a compaction only once every transaction up to the
     * highest id given at its commit has ended, since those may still read what the compaction replaced.
     */
    private static final Set<String> STAMPING_COMPACTIONS = Set.of("SOFT_DELETE", "COMPACTION");

    private final Writes writes;
    private final TransactionEvents events;

    AcidTransactionOperations(Writes writes, TransactionEvents events) {
        this.writes = requireNonNull(writes, "writes is null");
        this.events = requireNonNull(events, "events is null");
    }

    /** Opens {@code count} transactions with consecutive-or-later ids, in id order. */
    public List<Long> open(int count, String type, String user, String host, String agentInfo, Duration ttl) {
        if (count < 1 || count > MAX_OPENED) {
            throw CatalogException.invalidArgument(
                    "count", "between 1 and " + MAX_OPENED + " transactions open at once, not " + count);
        }
        Duration lifetime = ttl(ttl);
        return writes.transact(tx -> {
            Instant now = writes.now();
            List<Long> ids = insertOpen(tx, now, count, type, user, host, agentInfo, lifetime);
            events.opened(tx, now, user, ids);
            return ids;
        });
    }

    /** Inserts {@code count} open transactions (sharing the commit order); their ids, in order. */
    static List<Long> insertOpen(
            StoreTransaction tx,
            Instant now,
            int count,
            String type,
            String user,
            String host,
            String agentInfo,
            Duration lifetime) {
        tx.acidWrites().shareCommitOrder();
        AcidTransactionStore store = tx.acidTransactions();
        List<AcidTransaction> opened = new ArrayList<>(count);
        for (long id : store.nextIds(count)) {
            opened.add(new AcidTransaction(
                    id,
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
    }

    /**
     * Replication's seed of the transaction ids (HMS 4's seedTxnId): the next transaction opened gets
     * {@code seed}. Under the commit order held alone (no transaction is opened meanwhile); refused unless
     * the seed is above the highest id given, so ids never go back.
     */
    public void seedIds(long seed) {
        writes.transact(tx -> {
            tx.acidWrites().lockCommitOrder();
            AcidTransactionStore store = tx.acidTransactions();
            long highWaterMark = store.highWaterMark();
            if (seed <= highWaterMark) {
                throw new CatalogException(
                        ErrorCode.INVALID_STATE_CHANGE,
                        "Invalid txnId seed " + seed + ", the highWaterMark is " + highWaterMark,
                        Map.of("high_water_mark", Long.toString(highWaterMark)));
            }
            store.restartIds(seed);
            return null;
        });
    }

    /**
     * Commits an open transaction. Answers the state it was in before: OPEN (now committed, or aborted
     * with the conflict it lost), COMMITTED (a retry; nothing changes), ABORTED (nothing changes; an
     * expired one is marked aborted), or none for an id that names none. {@code checkConflicts} false
     * commits without the check (the writer held exclusive locks).
     */
    public AcidCommit commit(long id, boolean checkConflicts) {
        return commit(id, checkConflicts, Optional.empty());
    }

    /**
     * {@link #commit(long, boolean)} that also sets a parameter of a table when it commits an open transaction
     * ({@link CommitKeyValues}); a refused parameter refuses the commit, which leaves the transaction open.
     */
    public AcidCommit commit(long id, boolean checkConflicts, Optional<AcidCommitKeyValue> keyValue) {
        return commit(id, checkConflicts, keyValue, Optional.empty());
    }

    /**
     * {@link #commit(long, boolean, Optional)} that also sets replication's last event id when it commits an open
     * transaction ({@link CommitReplLastIds}); a refusal refuses the commit, which leaves the transaction open.
     */
    public AcidCommit commit(
            long id,
            boolean checkConflicts,
            Optional<AcidCommitKeyValue> keyValue,
            Optional<AcidCommitReplLastId> replLastId) {
        return writes.transact(tx -> {
            AcidTransactionStore store = tx.acidTransactions();
            Optional<AcidTransaction> found = store.findForUpdate(id);
            if (found.isEmpty()) {
                return AcidCommit.unknown();
            }
            AcidTransaction transaction = found.get();
            State state = transaction.stateAt(writes.now());
            if (state == State.OPEN) {
                Optional<AcidWriteConflict> conflict = WITHOUT_WRITE_SET.contains(transaction.type())
                        ? Optional.empty()
                        : keepWriteSet(tx, id, checkConflicts);
                store.update(List.of(transaction.in(conflict.isPresent() ? State.ABORTED : State.COMMITTED)));
                end(tx, id);
                if (conflict.isEmpty()) {
                    if (STAMPING_COMPACTIONS.contains(transaction.type())) {
                        tx.compactionQueue().stampCommit(id, store.highWaterMark(), writes.now());
                    }
                    // as HMS 3.1.3 does for every commit; 4.0.1 only for MATER_VIEW_REBUILD transactions, a type
                    // Hive 3 cannot send: its rebuild would hold the view until the housekeeping let it go
                    tx.rebuildLocks().releaseOf(id);
                    events.committed(tx, writes.now(), id);
                    keyValue.ifPresent(change -> CommitKeyValues.apply(tx, id, change));
                    replLastId.ifPresent(change -> CommitReplLastIds.apply(tx, change));
                }
                return conflict.map(AcidCommit::refused).orElse(AcidCommit.of(State.OPEN));
            }
            if (state != transaction.state()) {
                store.update(List.of(transaction.in(state)));
                endAborted(tx, id);
            }
            return AcidCommit.of(state);
        });
    }

    /**
     * What an open transaction reports it wrote once it knew the partitions (Hive's dynamic partitions):
     * they replace its whole-table writes of the table.
     */
    public void recordWrites(
            long transactionId,
            long writeId,
            TableIdentifier table,
            List<String> partitions,
            AcidWrite.Operation operation) {
        writes.transact(tx -> {
            requireOpen(tx, transactionId, writes.now());
            AcidWriteStore store = tx.acidWrites();
            store.record(
                    transactionId,
                    writeId,
                    partitions.stream()
                            .distinct()
                            .map(partition -> new AcidWrite(table, partition, operation))
                            .toList());
            store.forgetWholeTable(transactionId, table);
            return null;
        });
    }

    /**
     * The highest id of a committed transaction that {@code id} overlapped and that updated or deleted where
     * {@code id} does; 0 if none (an id that names no open transaction has none).
     */
    public long latestConflict(long id) {
        return writes.read(tx -> tx.acidWrites().latestConflict(id));
    }

    /**
     * The open transaction {@code id}, locked until the store transaction ends so that it cannot end in
     * between; refused (INVALID_STATE_CHANGE, with its state: UNKNOWN, ABORTED, COMMITTED) otherwise.
     */
    static AcidTransaction requireOpen(StoreTransaction tx, long id, Instant now) {
        AcidTransaction transaction = tx.acidTransactions()
                .findForUpdate(id)
                .orElseThrow(() -> new CatalogException(
                        ErrorCode.INVALID_STATE_CHANGE,
                        "No such transaction txnid:" + id,
                        Map.of("transaction", Long.toString(id), "state", "UNKNOWN")));
        State state = transaction.stateAt(now);
        if (state != State.OPEN) {
            throw new CatalogException(
                    ErrorCode.INVALID_STATE_CHANGE,
                    "Transaction txnid:" + id + " is " + state.name().toLowerCase(Locale.ROOT),
                    Map.of("transaction", Long.toString(id), "state", state.name()));
        }
        return transaction;
    }

    /**
     * Keeps the updates and deletes of a committing transaction as its write set, unless one of them lost
     * to an overlapping transaction that committed first: that conflict, with this commit's id.
     */
    private static Optional<AcidWriteConflict> keepWriteSet(StoreTransaction tx, long id, boolean checkConflicts) {
        AcidWriteStore store = tx.acidWrites();
        if (!store.updatesOrDeletes(id)) {
            return Optional.empty();
        }
        // From here until the store transaction ends no transaction is opened and no other such commit runs:
        // every transaction with an id above the commit id starts after this commit is visible.
        store.lockCommitOrder();
        long commitId = tx.acidTransactions().highWaterMark();
        if (checkConflicts) {
            Optional<AcidWriteConflict> conflict = store.firstConflict(id);
            if (conflict.isPresent()) {
                return conflict.map(lost -> lost.withCommitId(commitId));
            }
        }
        store.addToWriteSets(id, commitId);
        tx.viewSources().keepUpdatesAndDeletes(id);
        // A write set overlaps only transactions with ids up to its commit id; the open ones have ids from
        // the lowest open one (this one at most) on.
        store.dropWriteSetsBefore(tx.acidTransactions().lowestOpenId(id));
        return Optional.empty();
    }

    /**
     * A transaction was aborted other than by replication's replay: as that one, and replication's map forgets
     * it as its target (as HMS's abortTxns deletes its REPL_TXN_MAP rows), marking the database of each policy
     * that mapped it as incompatible with replication, as HMS does ({@link ReplIncompatibility}).
     */
    private static void endAborted(StoreTransaction tx, long id) {
        end(tx, id);
        ReplicatedTransactionStore map = tx.acid().replicatedTransactions();
        for (String policy : map.policiesOfTargets(List.of(id))) {
            ReplIncompatibility.mark(tx, policy);
        }
        map.forgetTargets(List.of(id));
    }

    /** A transaction has ended: its leases are released and its writes forgotten. */
    static void end(StoreTransaction tx, long id) {
        tx.acidTransactions().releaseLeases(id);
        tx.acidWrites().forget(id);
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
                    endAborted(tx, transaction.id());
                }
            }
            store.update(changed);
            events.aborted(tx, now, changed.stream().map(AcidTransaction::id).toList());
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
                            endAborted(tx, transaction.id());
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

    /**
     * One bounded step of HMS's housekeeping of the transaction table, so that it holds what readers need
     * rather than the whole history: transactions past their ttl are aborted (leases released, writes
     * forgotten); committed ones below the oldest open one are forgotten, since a reader takes every id up
     * to the high-water mark that its list does not name as committed; so are aborted ones that were given
     * no write id, whose abort hides nothing. Committed ones from the oldest open one on stay a while, so a
     * retried commit still finds its transaction committed. The highest id always stays: it is the
     * high-water mark. Rebuild locks of materialized views whose transaction has ended go once they were not
     * heartbeated for HMS's default transaction timeout, as its lock cleaner lets them go. Write ids of
     * transactions below the lowest one a reader may still name as not committed go too (HMS's cleaning of
     * TXN_TO_WRITE_ID): a reader takes every write of the table below the ones it names as committed, and the
     * table's next write id stays. Writers' reports of their writes go a day after they were made, as HMS's
     * notification cleaner lets its TXN_WRITE_NOTIFICATION_LOG go after its default event ttl (replication reads
     * them only while it follows the events of that day). At most {@code step} rows per part.
     */
    public AcidSweep sweep(int step) {
        List<Long> expired = writes.read(tx -> tx.acidTransactions().expiredOpen(writes.now(), step));
        abort(expired);
        return writes.transact(tx -> {
            AcidTransactionStore store = tx.acidTransactions();
            long highWaterMark = store.highWaterMark();
            int writeIds = tx.acidWriteIds().forgetOfTransactionsBelow(store.lowestSeenByAReader(), step);
            int committed = store.forgetCommittedBelow(store.lowestOpenId(highWaterMark), step);
            int aborted = store.forgetAbortedWithoutWritesBelow(highWaterMark, step);
            Instant now = writes.now();
            int rebuildLocks = tx.rebuildLocks().releaseEnded(now.minus(DEFAULT_TTL), now, step);
            int writeReports = tx.acid().writeNotifications().forgetReportedBefore(now.minus(WRITE_REPORT_TTL), step);
            int compactorWrites = tx.compactionQueue().forgetEndedCompactorWrites(step);
            return new AcidSweep(
                    expired.size(), committed, aborted, rebuildLocks, writeIds, writeReports, compactorWrites);
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

    static Duration ttl(Duration requested) {
        return Ttls.within(requested, DEFAULT_TTL, MIN_TTL, MAX_TTL);
    }
}

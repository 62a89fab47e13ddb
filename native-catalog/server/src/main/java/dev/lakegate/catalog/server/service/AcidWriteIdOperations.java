package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.AcidTransaction;
import dev.lakegate.catalog.server.model.AcidTransaction.State;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableWriteId;
import dev.lakegate.catalog.server.model.ValidWriteIds;
import dev.lakegate.catalog.server.store.AcidWriteIdStore;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Hive's write ids, as HMS 4's transaction handler gives them: each table numbers the open transactions
 * that write it, in the order they ask, and a reader learns from its snapshot of the transactions which of
 * those numbers it may see. Allocations for one table are ordered by the lock on its next-id row; the
 * transactions asking are locked too, so that none commits or aborts while it is given a number.
 */
public final class AcidWriteIdOperations {

    /** As many transactions as one open call may start. */
    static final int MAX_TRANSACTIONS = AcidTransactionOperations.MAX_OPENED;

    private final Writes writes;
    private final TransactionEvents events;

    AcidWriteIdOperations(Writes writes, TransactionEvents events) {
        this.writes = requireNonNull(writes, "writes is null");
        this.events = requireNonNull(events, "events is null");
    }

    /**
     * The write ids of {@code table} for each of {@code transactionIds}, by transaction id: those they hold
     * already, or new ones. Every transaction must be open and not read-only, and either all of them hold
     * one already or none does (HMS allocates for a whole batch or none of it). With {@code reallocate} the
     * ones they hold are dropped and new ones given.
     */
    public List<TableWriteId> allocate(TableIdentifier table, List<Long> transactionIds, boolean reallocate) {
        List<Long> ids = transactionIds.stream().distinct().sorted().toList();
        if (ids.isEmpty() || ids.size() > MAX_TRANSACTIONS) {
            throw CatalogException.invalidArgument(
                    "transaction_ids",
                    "Write ID allocation on " + table + " needs from 1 to " + MAX_TRANSACTIONS + " transactions, not "
                            + ids.size());
        }
        return writes.transact(tx -> {
            requireWritable(tx, table, ids);
            AcidWriteIdStore store = tx.acidWriteIds();
            if (reallocate) {
                store.delete(table, ids);
            }
            List<TableWriteId> held = store.find(table, ids);
            if (!held.isEmpty()) {
                return heldByAll(table, ids, held);
            }
            long next = store.takeWriteIds(table, ids.size());
            List<TableWriteId> allocated = new ArrayList<>(ids.size());
            for (long id : ids) {
                allocated.add(new TableWriteId(id, next++));
            }
            store.insert(table, allocated);
            events.writeIdsAllocated(tx, writes.now(), table, allocated);
            return allocated;
        });
    }

    /** The write ids that {@code ids} hold, when every one holds one; refused when only some do. */
    static List<TableWriteId> heldByAll(TableIdentifier table, List<Long> ids, List<TableWriteId> held) {
        if (held.size() != ids.size()) {
            throw new CatalogException(
                    ErrorCode.INVALID_STATE_CHANGE,
                    "Write ID allocation on " + table + " failed: transactions "
                            + held.stream().map(TableWriteId::transactionId).toList()
                            + " hold write ids and the others do not; allocate for them apart");
        }
        return held;
    }

    /**
     * Replication's seed of a table's write ids (HMS 4's seedWriteId): its next write id becomes
     * {@code seedWriteId + 1}. Refused when the table numbers its writes already (HMS's insert of the
     * table's counter fails on its unique key then), with nothing changed.
     */
    public void seed(TableIdentifier table, long seedWriteId) {
        writes.transact(tx -> {
            if (!tx.acidWriteIds().seed(table, seedWriteId + 1)) {
                long last = tx.acidWriteIds().lastWriteId(table);
                throw new CatalogException(
                        ErrorCode.INVALID_STATE_CHANGE,
                        "Table " + table + " numbers its write ids already (up to " + last + "); it cannot be seeded",
                        Map.of("last_write_id", Long.toString(last)));
            }
            return null;
        });
    }

    /**
     * Replication's write-id state of a table (HMS's replTableWriteIdState), applied once: unless the table
     * numbers its writes already (empty answer, nothing changed), its last write id becomes
     * {@code highWaterMark} and each of {@code abortedWriteIds} is given to a new transaction of
     * {@code user} that is aborted at once, so that readers keep that write invalid. The transactions are
     * opened as an open call opens them (their OPEN_TXN event logged when transaction events are); their
     * abort logs nothing, as HMS's does not. Answers the transactions with their write ids.
     */
    public Optional<List<TableWriteId>> replicate(
            TableIdentifier table, long highWaterMark, List<Long> abortedWriteIds, String user, String host) {
        List<Long> aborted = abortedWriteIds.stream().distinct().sorted().toList();
        if (highWaterMark < 0
                || aborted.size() > MAX_TRANSACTIONS
                || (!aborted.isEmpty() && (aborted.get(0) < 1 || aborted.get(aborted.size() - 1) > highWaterMark))) {
            throw CatalogException.invalidArgument(
                    "aborted_write_ids",
                    "a write-id state of " + table + " has up to " + MAX_TRANSACTIONS
                            + " aborted write ids from 1 to its high-water mark " + highWaterMark + ", not " + aborted);
        }
        return writes.transact(tx -> {
            if (!tx.acidWriteIds().seed(table, highWaterMark + 1)) {
                return Optional.empty();
            }
            if (aborted.isEmpty()) {
                return Optional.of(List.of());
            }
            tx.acidWrites().shareCommitOrder();
            Instant now = writes.now();
            Duration ttl = AcidTransactionOperations.DEFAULT_TTL;
            List<AcidTransaction> opened = new ArrayList<>(aborted.size());
            List<TableWriteId> given = new ArrayList<>(aborted.size());
            List<Long> ids = tx.acidTransactions().nextIds(aborted.size());
            for (int i = 0; i < ids.size(); i++) {
                opened.add(new AcidTransaction(
                        ids.get(i), State.ABORTED, "DEFAULT", user, host, "", now, now, now.plus(ttl), ttl));
                given.add(new TableWriteId(ids.get(i), aborted.get(i)));
            }
            tx.acidTransactions().insert(opened);
            tx.acidWriteIds().insert(table, given);
            events.opened(tx, now, user, ids);
            return Optional.of(List.copyOf(given));
        });
    }

    /** The writes to each of {@code tables} that a reader with {@code snapshot} may see, in order. */
    public List<ValidWriteIds> validWriteIds(List<TableIdentifier> tables, AcidSnapshot snapshot) {
        return writes.read(tx -> {
            List<ValidWriteIds> answers = new ArrayList<>(tables.size());
            for (TableIdentifier table : tables) {
                answers.add(validWriteIds(tx.acidWriteIds(), table, snapshot));
            }
            return answers;
        });
    }

    /**
     * The writes to each of {@code tables} that the transaction given write id {@code writeId} of the first table
     * sees with {@code snapshot} ({@link AcidSnapshot#asOf}), as HMS 4 answers a request for a write id's
     * snapshot; INVALID_ARGUMENT when no transaction was given that write id (or none is kept any more).
     */
    public List<ValidWriteIds> validWriteIdsAsOf(List<TableIdentifier> tables, AcidSnapshot snapshot, long writeId) {
        return writes.read(tx -> {
            TableIdentifier first = tables.get(0);
            long transaction = tx.acidWriteIds()
                    .transactionOf(first, writeId)
                    .orElseThrow(() -> CatalogException.invalidArgument(
                            "as_of_write_id",
                            "invalid write id " + writeId + " for table " + first.namespace() + "." + first.name()));
            AcidSnapshot seen = snapshot.asOf(transaction);
            List<ValidWriteIds> answers = new ArrayList<>(tables.size());
            for (TableIdentifier table : tables) {
                answers.add(validWriteIds(tx.acidWriteIds(), table, seen));
            }
            return answers;
        });
    }

    /** The highest write id given to {@code table}, 0 before the first. */
    public long lastWriteId(TableIdentifier table) {
        return writes.read(tx -> tx.acidWriteIds().lastWriteId(table));
    }

    /**
     * Locks the transactions and checks each is open and may write; one past its ttl is marked aborted, as
     * every write that reads it does.
     */
    void requireWritable(StoreTransaction tx, TableIdentifier table, List<Long> ids) {
        Instant now = writes.now();
        Map<Long, AcidTransaction> found = new HashMap<>();
        tx.acidTransactions().findForUpdate(ids).forEach(transaction -> found.put(transaction.id(), transaction));
        StringBuilder refused = new StringBuilder();
        List<AcidTransaction> expired = new ArrayList<>();
        for (long id : ids) {
            AcidTransaction transaction = found.get(id);
            if (transaction == null) {
                refused.append('{').append(id).append(",unknown}");
                continue;
            }
            State state = transaction.stateAt(now);
            if (state != transaction.state()) {
                expired.add(transaction.in(state));
            }
            if (state != State.OPEN) {
                refused.append('{')
                        .append(id)
                        .append(',')
                        .append(state.name().toLowerCase(java.util.Locale.ROOT))
                        .append('}');
            } else if (transaction.type().equals("READ_ONLY")) {
                refused.append('{').append(id).append(",read-only}");
            }
        }
        if (!refused.isEmpty()) {
            // The refusal rolls the store transaction back: the expired ones stay for the next write to mark.
            throw new CatalogException(
                    ErrorCode.INVALID_STATE_CHANGE,
                    "Write ID allocation on " + table + " failed for input txns: " + refused
                            + " (each must be open and not read-only)");
        }
        tx.acidTransactions().update(expired);
    }

    /**
     * HMS 4's answer: the high-water mark is the highest write id of a transaction the snapshot knows
     * (else the highest given); below it, writes of transactions the snapshot does not see committed are
     * invalid. When no write below it is visible at all, HMS answers the lowest invalid write as the mark.
     */
    private static ValidWriteIds validWriteIds(AcidWriteIdStore store, TableIdentifier table, AcidSnapshot snapshot) {
        // Every transaction before the oldest the snapshot does not see committed is committed for it: only
        // the writes from that one on need looking at one by one.
        long firstNotCommitted = Stream.concat(snapshot.open().stream(), snapshot.aborted().stream())
                .mapToLong(Long::longValue)
                .min()
                .orElse(snapshot.highWaterMark() + 1);
        firstNotCommitted = Math.min(firstNotCommitted, snapshot.highWaterMark() + 1);
        AcidWriteIdStore.WritesForReader writes =
                store.writesForReader(table, snapshot.highWaterMark(), firstNotCommitted);
        long highWaterMark = writes.highestUpTo() > 0 ? writes.highestUpTo() : writes.last();
        List<Long> invalid = new ArrayList<>();
        Set<Long> aborted = new HashSet<>();
        long minOpen = Long.MAX_VALUE;
        boolean anyVisible = false;
        for (TableWriteId write : writes.from()) {
            if (snapshot.committed(write.transactionId())) {
                anyVisible = true;
            } else {
                invalid.add(write.writeId());
                if (snapshot.aborted(write.transactionId())) {
                    aborted.add(write.writeId());
                } else {
                    minOpen = Math.min(minOpen, write.writeId());
                }
            }
        }
        anyVisible = anyVisible || writes.anyBefore();
        if (!anyVisible && !invalid.isEmpty()) {
            long lowest = invalid.get(0);
            highWaterMark = lowest;
            invalid = List.of(lowest);
            aborted = aborted.contains(lowest) ? Set.of(lowest) : Set.of();
        }
        return new ValidWriteIds(
                table,
                highWaterMark,
                invalid,
                aborted,
                minOpen == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(minOpen));
    }
}

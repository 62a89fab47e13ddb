package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.AcidCommitKeyValue;
import dev.lakegate.catalog.server.model.AcidCommitReplLastId;
import dev.lakegate.catalog.server.model.AcidTransaction;
import dev.lakegate.catalog.server.model.AcidTransaction.State;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ReplicatedEnd;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableWriteId;
import dev.lakegate.catalog.server.store.AcidWriteIdStore;
import dev.lakegate.catalog.server.store.ReplicatedTransactionStore;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Replication's replay of a source's transactions, as HMS 4's transaction handler does it: each is opened here
 * as a transaction of type REPL_CREATED, mapped from the source's id under the replication policy (HMS's
 * REPL_TXN_MAP), and committed or aborted by that source id. The map's row goes when the replay ends it, or
 * when its target is aborted otherwise.
 */
public final class ReplicatedTransactions {

    /** The type of a transaction that replays a source's. */
    public static final String REPL_CREATED = "REPL_CREATED";

    private final Writes writes;
    private final TransactionEvents events;
    private final AcidWriteIdOperations writeIds;

    ReplicatedTransactions(Writes writes, TransactionEvents events, AcidWriteIdOperations writeIds) {
        this.writes = requireNonNull(writes, "writes is null");
        this.events = requireNonNull(events, "events is null");
        this.writeIds = requireNonNull(writeIds, "writeIds is null");
    }

    /**
     * Opens a REPL_CREATED transaction for each of the first {@code count} of {@code sourceIds} and maps them,
     * in order. If the policy maps any of {@code sourceIds} already (a retried replay), nothing is opened and
     * the targets it maps are answered, in the order of {@code sourceIds}, as HMS answers them.
     */
    public List<Long> open(
            String policy, List<Long> sourceIds, int count, String user, String host, String agentInfo, Duration ttl) {
        if (policy.isEmpty() || count < 1 || count > AcidTransactionOperations.MAX_OPENED || sourceIds.size() < count) {
            throw CatalogException.invalidArgument(
                    "source_ids",
                    "a replayed open names a policy and a source id for each of 1 to "
                            + AcidTransactionOperations.MAX_OPENED + " transactions, not " + sourceIds.size()
                            + " for " + count);
        }
        Duration lifetime = AcidTransactionOperations.ttl(ttl);
        return writes.transact(tx -> {
            ReplicatedTransactionStore map = tx.acid().replicatedTransactions();
            Map<Long, Long> mapped = map.targets(policy, sourceIds);
            if (!mapped.isEmpty()) {
                return sourceIds.stream()
                        .distinct()
                        .filter(mapped::containsKey)
                        .map(mapped::get)
                        .toList();
            }
            Instant now = writes.now();
            List<Long> ids =
                    AcidTransactionOperations.insertOpen(tx, now, count, REPL_CREATED, user, host, agentInfo, lifetime);
            map.map(policy, sourceIds.subList(0, count), ids);
            events.opened(tx, now, user, ids);
            return ids;
        });
    }

    /**
     * Commits the transaction that replays {@code sourceId}, without the write-write conflict check and
     * keeping no write set (HMS skips both for a replayed commit); the map's row goes. A retry of a commit
     * that was applied finds no row and changes nothing, as does an unmapped source id.
     */
    public ReplicatedEnd commit(String policy, long sourceId) {
        return commit(policy, sourceId, Optional.empty(), Optional.empty());
    }

    /**
     * {@link #commit(String, long)} that also sets replication's last event id ({@link CommitReplLastIds}) and a
     * table's parameter ({@link CommitKeyValues}, whose refusal names {@code sourceId}, as HMS's words name the
     * request's id) when it commits the target, as HMS 4.0.1 does for a replayed commit as for any other; a
     * refusal leaves the target open and mapped.
     */
    public ReplicatedEnd commit(
            String policy,
            long sourceId,
            Optional<AcidCommitReplLastId> replLastId,
            Optional<AcidCommitKeyValue> keyValue) {
        return writes.transact(tx -> {
            ReplicatedEnd ended = end(tx, policy, sourceId, State.COMMITTED);
            if (ended.previousState().equals(Optional.of(State.OPEN))) {
                replLastId.ifPresent(change -> CommitReplLastIds.apply(tx, change));
                keyValue.ifPresent(change -> CommitKeyValues.apply(tx, sourceId, change));
            }
            return ended;
        });
    }

    /** Aborts the transaction that replays {@code sourceId}; the map's row goes, also when it was aborted. */
    public ReplicatedEnd abort(String policy, long sourceId) {
        return writes.transact(tx -> end(tx, policy, sourceId, State.ABORTED));
    }

    private ReplicatedEnd end(StoreTransaction tx, String policy, long sourceId, State to) {
        ReplicatedTransactionStore map = tx.acid().replicatedTransactions();
        Long target = map.targets(policy, List.of(sourceId)).get(sourceId);
        if (target == null) {
            return ReplicatedEnd.unmapped();
        }
        Optional<AcidTransaction> found = tx.acidTransactions().findForUpdate(target);
        if (found.isEmpty()) {
            return new ReplicatedEnd(OptionalLong.of(target), Optional.empty());
        }
        Instant now = writes.now();
        AcidTransaction transaction = found.get();
        State state = transaction.stateAt(now);
        if (state == State.OPEN) {
            tx.acidTransactions().update(List.of(transaction.in(to)));
            AcidTransactionOperations.end(tx, target);
            map.forgetSource(policy, sourceId);
            if (to == State.COMMITTED) {
                events.committed(tx, now, target);
            } else {
                events.aborted(tx, now, List.of(target));
            }
        } else {
            if (state != transaction.state()) {
                // past its ttl: aborted now, as any other expired transaction is
                tx.acidTransactions().update(List.of(transaction.in(state)));
                AcidTransactionOperations.end(tx, target);
                map.forgetTargets(List.of(target));
            }
            // HMS forgets the row of a replayed abort of an aborted target; any other ended one keeps it
            if (to == State.ABORTED && state == State.ABORTED) {
                map.forgetSource(policy, sourceId);
            }
        }
        return new ReplicatedEnd(OptionalLong.of(target), Optional.of(state));
    }

    /**
     * Write ids of {@code table} for the transactions that replay the sources of {@code sourceWriteIds}, as HMS
     * gives them: unless the policy maps every source (else nothing is given, HMS's idempotent case), the
     * targets in id order get consecutive write ids from the first source write id (when above 0; else from
     * the table's next), and the table's next write id follows them. When that first write id is not the
     * table's next, the table's write ids are forgotten first, as HMS deletes them. Targets that hold write ids
     * of the table already keep them, as in any allocation.
     */
    public List<TableWriteId> allocateWriteIds(
            String policy, TableIdentifier table, List<TableWriteId> sourceWriteIds) {
        if (policy.isEmpty()
                || sourceWriteIds.isEmpty()
                || sourceWriteIds.size() > AcidWriteIdOperations.MAX_TRANSACTIONS) {
            throw CatalogException.invalidArgument(
                    "source_write_ids",
                    "a replayed allocation names a policy and 1 to " + AcidWriteIdOperations.MAX_TRANSACTIONS
                            + " source transactions, not " + sourceWriteIds.size());
        }
        List<Long> sources = sourceWriteIds.stream()
                .map(TableWriteId::transactionId)
                .distinct()
                .toList();
        return writes.transact(tx -> {
            Map<Long, Long> mapped = tx.acid().replicatedTransactions().targets(policy, sources);
            if (mapped.size() != sources.size()) {
                return List.<TableWriteId>of();
            }
            List<Long> targets = mapped.values().stream().distinct().sorted().toList();
            writeIds.requireWritable(tx, table, targets);
            AcidWriteIdStore store = tx.acidWriteIds();
            List<TableWriteId> held = store.find(table, targets);
            if (!held.isEmpty()) {
                return AcidWriteIdOperations.heldByAll(table, targets, held);
            }
            long first = sourceWriteIds.get(0).writeId();
            long next = first > 0
                    ? startAt(store, table, first, targets.size())
                    : store.takeWriteIds(table, targets.size());
            List<TableWriteId> given = new ArrayList<>(targets.size());
            for (long target : targets) {
                given.add(new TableWriteId(target, next++));
            }
            store.insert(table, given);
            events.writeIdsAllocated(tx, writes.now(), table, given);
            return given;
        });
    }

    /** Takes {@code count} write ids of the table from {@code first} on: the first of them. */
    private static long startAt(AcidWriteIdStore store, TableIdentifier table, long first, int count) {
        if (store.seed(table, first + count)) {
            return first;
        }
        // the table numbers its writes already: its counter, locked
        if (store.takeWriteIds(table, 0) == first) {
            return store.takeWriteIds(table, count);
        }
        store.forget(table);
        store.seed(table, first + count);
        return first;
    }
}

package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.AcidCommit;
import dev.lakegate.catalog.server.model.AcidTransaction.State;
import dev.lakegate.catalog.server.model.AcidWrite;
import dev.lakegate.catalog.server.model.AcidWrite.Operation;
import dev.lakegate.catalog.server.model.AcidWriteConflict;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The write-write conflict check of Hive's transactions on a real store, as HMS's commit does it: of two
 * overlapping transactions that update or delete in one partition, the second to commit is aborted.
 */
abstract class WriteConflictTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(30);

    private long open() {
        return catalog.acidTransactions()
                .open(1, "", "alice", "host", "agent", TTL)
                .get(0);
    }

    private static TableIdentifier table(String name) {
        return TableIdentifier.inDefaultCatalog("db", name);
    }

    /** A shared lock on the table (Hive's shared write) in the transaction, announcing what it writes. */
    private void write(long transaction, String table, String partition, Operation operation) {
        Lease lease = catalog.acquireLease(
                List.of(new Lease.Resource("db", table, Lease.Mode.SHARED)),
                "alice",
                TTL,
                transaction,
                List.of(new AcidWrite(table(table), partition, operation)));
        assertThat(lease.state()).isEqualTo(Lease.State.ACQUIRED);
    }

    private AcidCommit commit(long transaction) {
        return catalog.acidTransactions().commit(transaction, true);
    }

    private State stateOf(long transaction) {
        return catalog.acidTransactions()
                        .heartbeat(transaction, transaction)
                        .aborted()
                        .isEmpty()
                ? State.OPEN
                : State.ABORTED;
    }

    @Test
    void theSecondOfTwoOverlappingUpdatersOfAPartitionLoses() {
        long first = open();
        long second = open();
        write(first, "updated", "p=1", Operation.UPDATE);
        write(second, "updated", "p=1", Operation.DELETE);
        assertThat(commit(first)).isEqualTo(AcidCommit.of(State.OPEN));
        long thirdOpened = open();

        AcidCommit lost = commit(second);

        assertThat(lost.previousState()).contains(State.OPEN);
        AcidWriteConflict conflict = lost.conflict().orElseThrow();
        assertThat(conflict.table()).isEqualTo(table("updated"));
        assertThat(conflict.partition()).isEqualTo("p=1");
        assertThat(conflict.operation()).isEqualTo(Operation.DELETE);
        assertThat(conflict.committedOperation()).isEqualTo(Operation.UPDATE);
        assertThat(conflict.committedTransactionId()).isEqualTo(first);
        assertThat(conflict.committedCommitId())
                .as("the highest id given at its commit")
                .isEqualTo(second);
        assertThat(conflict.commitId()).isEqualTo(thirdOpened);
        assertThat(stateOf(second)).as("aborted by the conflict").isEqualTo(State.ABORTED);
        assertThat(catalog.listLeases("db", "updated"))
                .as("released with the abort")
                .isEmpty();
        assertThat(commit(second).previousState()).contains(State.ABORTED);
        catalog.acidTransactions().abort(List.of(thirdOpened));
    }

    @Test
    void writersOfDifferentPartitionsOrOnlyInsertingBothCommit() {
        long first = open();
        long second = open();
        long inserter = open();
        write(first, "apart", "p=1", Operation.UPDATE);
        write(second, "apart", "p=2", Operation.UPDATE);
        write(inserter, "apart", "p=1", Operation.INSERT);
        assertThat(commit(first).conflict()).isEmpty();
        assertThat(commit(second).conflict()).isEmpty();
        assertThat(commit(inserter).conflict()).isEmpty();
    }

    @Test
    void aWriterThatStartedAfterACommitDoesNotOverlapIt() {
        long first = open();
        write(first, "serial", "", Operation.UPDATE);
        assertThat(commit(first).conflict()).isEmpty();
        long later = open();
        write(later, "serial", "", Operation.UPDATE);
        assertThat(commit(later).conflict()).isEmpty();
    }

    @Test
    void reportedPartitionsReplaceTheWholeTableWrite() {
        long first = open();
        long second = open();
        long third = open();
        for (long transaction : List.of(first, second, third)) {
            write(transaction, "dynamic", "", Operation.UPDATE);
        }
        catalog.acidTransactions().recordWrites(first, 1, table("dynamic"), List.of("p=1", "p=2"), Operation.UPDATE);
        catalog.acidTransactions().recordWrites(second, 2, table("dynamic"), List.of("p=3"), Operation.UPDATE);
        catalog.acidTransactions().recordWrites(third, 3, table("dynamic"), List.of("p=2"), Operation.DELETE);
        assertThat(commit(first).conflict()).isEmpty();
        assertThat(commit(second).conflict()).as("p=3 only").isEmpty();
        assertThat(commit(third).conflict().orElseThrow().partition()).isEqualTo("p=2");
    }

    @Test
    void theLatestConflictIsTheLastOverlappingCommitOfAPlaceTheTransactionUpdates() {
        long first = open();
        long second = open();
        long wholeTable = open();
        long elsewhere = open();
        write(first, "latest", "p=1", Operation.UPDATE);
        write(second, "latest", "p=2", Operation.DELETE);
        write(wholeTable, "latest", "", Operation.UPDATE);
        write(elsewhere, "latest", "p=3", Operation.UPDATE);
        assertThat(catalog.acidTransactions().latestConflict(wholeTable))
                .as("nothing committed yet")
                .isZero();
        commit(first);
        commit(second);
        assertThat(catalog.acidTransactions().latestConflict(wholeTable))
                .as("a whole-table write meets every partition")
                .isEqualTo(second);
        assertThat(catalog.acidTransactions().latestConflict(elsewhere)).isZero();
        long later = open();
        write(later, "latest", "p=1", Operation.UPDATE);
        assertThat(catalog.acidTransactions().latestConflict(later))
                .as("started after those commits")
                .isZero();
        catalog.acidTransactions().abort(List.of(wholeTable, elsewhere, later));
    }

    @Test
    void aCommitMayLeaveTheCheckOutAndReadOnlyTransactionsKeepNoWriteSet() {
        long first = open();
        long unchecked = open();
        write(first, "unchecked", "", Operation.UPDATE);
        write(unchecked, "unchecked", "", Operation.UPDATE);
        assertThat(commit(first).conflict()).isEmpty();
        assertThat(catalog.acidTransactions().commit(unchecked, false)).isEqualTo(AcidCommit.of(State.OPEN));
    }

    @Test
    void onlyAnOpenTransactionReportsPartitions() {
        long aborted = open();
        catalog.acidTransactions().abort(List.of(aborted));
        assertCatalogError(
                ErrorCode.INVALID_STATE_CHANGE,
                () -> catalog.acidTransactions()
                        .recordWrites(aborted, 1, table("late"), List.of("p=1"), Operation.INSERT));
        assertCatalogError(
                ErrorCode.INVALID_STATE_CHANGE,
                () -> catalog.acidTransactions()
                        .recordWrites(987_654_321L, 1, table("late"), List.of("p=1"), Operation.INSERT));
    }

    /** Pairs of writers of one partition commit at the same moment: exactly one of each pair wins. */
    @Test
    void ofConcurrentCommitsOfOnePartitionExactlyOneWins() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 10; round++) {
                String partition = "p=" + round;
                long left = open();
                long right = open();
                write(left, "raced", partition, Operation.UPDATE);
                write(right, "raced", partition, Operation.UPDATE);
                CyclicBarrier start = new CyclicBarrier(2);
                List<Future<AcidCommit>> commits = new ArrayList<>();
                for (long transaction : List.of(left, right)) {
                    Callable<AcidCommit> commit = () -> {
                        start.await(10, TimeUnit.SECONDS);
                        return commit(transaction);
                    };
                    commits.add(pool.submit(commit));
                }
                int won = 0;
                for (Future<AcidCommit> commit : commits) {
                    if (commit.get(30, TimeUnit.SECONDS).conflict().isEmpty()) {
                        won++;
                    }
                }
                assertThat(won).as("round %d", round).isEqualTo(1);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}

package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.AcidHeartbeats;
import dev.lakegate.catalog.server.model.AcidTransaction;
import dev.lakegate.catalog.server.model.AcidTransaction.State;
import dev.lakegate.catalog.server.model.ErrorCode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Hive's ACID transactions on a real store: ids, the states a commit, an abort and a heartbeat move them
 * through (and refuse to), expiry without heartbeats, and one winner when a commit races an abort.
 */
abstract class AcidTransactionTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(10);

    private AcidTransactionOperations transactions() {
        return catalog.acidTransactions();
    }

    private List<Long> open(int count) {
        return transactions().open(count, "", "alice", "host-1", "test-agent", TTL);
    }

    private Optional<AcidTransaction> listed(long id) {
        return transactions().list().transactions().stream()
                .filter(transaction -> transaction.id() == id)
                .findFirst();
    }

    @Test
    void openedTransactionsAreListedInOrderWithWhoOpenedThem() {
        List<Long> ids = open(3);
        assertThat(ids).hasSize(3).isSorted().doesNotHaveDuplicates();
        assertThat(transactions().list().highWaterMark()).isGreaterThanOrEqualTo(ids.get(2));
        AcidTransaction first = listed(ids.get(0)).orElseThrow();
        assertThat(first.state()).isEqualTo(State.OPEN);
        assertThat(first.type()).isEqualTo("DEFAULT");
        assertThat(first.user()).isEqualTo("alice");
        assertThat(first.host()).isEqualTo("host-1");
        assertThat(first.agentInfo()).isEqualTo("test-agent");
        assertThat(first.startTime()).isEqualTo(clock.instant());
        assertThat(transactions().open(1, "READ_ONLY", "bob", "h", "a", TTL))
                .allSatisfy(id -> assertThat(listed(id).orElseThrow().type()).isEqualTo("READ_ONLY"));
    }

    @Test
    void aCommitEndsAnOpenTransactionAndARetryChangesNothing() {
        long id = open(1).get(0);
        assertThat(transactions().commit(id, true).previousState()).contains(State.OPEN);
        assertThat(listed(id)).isEmpty();
        assertThat(transactions().commit(id, true).previousState()).contains(State.COMMITTED);
        assertThat(transactions().abort(List.of(id)))
                .extracting(AcidTransaction::state)
                .containsExactly(State.COMMITTED);
        assertThat(transactions().commit(id, true).previousState()).contains(State.COMMITTED);
    }

    @Test
    void anAbortedTransactionStaysListedAndCannotBeCommitted() {
        long id = open(1).get(0);
        assertThat(transactions().abort(List.of(id)))
                .extracting(AcidTransaction::state)
                .containsExactly(State.OPEN);
        assertThat(transactions().abort(List.of(id)))
                .extracting(AcidTransaction::state)
                .containsExactly(State.ABORTED);
        assertThat(transactions().commit(id, true).previousState()).contains(State.ABORTED);
        assertThat(listed(id).orElseThrow().state()).isEqualTo(State.ABORTED);
    }

    @Test
    void unknownIdsNameNothing() {
        long unknown = transactions().list().highWaterMark() + 1_000;
        assertThat(transactions().commit(unknown, true).previousState()).isEmpty();
        assertThat(transactions().abort(List.of(unknown))).isEmpty();
        assertThat(transactions().heartbeat(unknown, unknown).notFound()).containsExactly(unknown);
    }

    @Test
    void aTransactionWithoutHeartbeatsIsAbortedAfterItsTtl() {
        long id = open(1).get(0);
        clock.advance(TTL.minusSeconds(1));
        assertThat(listed(id).orElseThrow().state()).isEqualTo(State.OPEN);
        clock.advance(Duration.ofSeconds(1));
        assertThat(listed(id).orElseThrow().state()).isEqualTo(State.ABORTED);
        assertThat(transactions().heartbeat(id, id).aborted()).containsExactly(id);
        assertThat(transactions().commit(id, true).previousState()).contains(State.ABORTED);
    }

    @Test
    void heartbeatsKeepATransactionOpen() {
        long id = open(1).get(0);
        for (int i = 0; i < 3; i++) {
            clock.advance(TTL.minusSeconds(2));
            AcidHeartbeats beat = transactions().heartbeat(id, id);
            assertThat(beat.aborted()).isEmpty();
            assertThat(beat.notFound()).isEmpty();
        }
        AcidTransaction alive = listed(id).orElseThrow();
        assertThat(alive.state()).isEqualTo(State.OPEN);
        assertThat(alive.lastHeartbeatTime()).isEqualTo(clock.instant());
        assertThat(transactions().commit(id, true).previousState()).contains(State.OPEN);
    }

    @Test
    void aHeartbeatOfARangeReportsWhatItCouldNotKeepAlive() {
        List<Long> ids = open(3);
        transactions().commit(ids.get(0), true);
        transactions().abort(List.of(ids.get(1)));
        long beyond = transactions().list().highWaterMark() + 1;
        AcidHeartbeats beat = transactions().heartbeat(ids.get(0), beyond);
        assertThat(beat.committed()).containsExactly(ids.get(0));
        assertThat(beat.aborted()).containsExactly(ids.get(1));
        assertThat(beat.notFound()).contains(beyond).doesNotContain(ids.get(2));
    }

    @Test
    void badRequestsAreRefusedAndOpenNothing() {
        long before = transactions().list().highWaterMark();
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> transactions().open(0, "", "u", "h", "a", TTL));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT, () -> transactions().open(1, "", "u", "h", "a", Duration.ofMillis(10)));
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> transactions().heartbeat(5, 4));
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> transactions().heartbeat(1, 1_000_000));
        assertThat(transactions().list().highWaterMark()).isEqualTo(before);
    }

    @Test
    void aCommitRacingAnAbortHasOneWinner() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 10; round++) {
                long id = open(1).get(0);
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Boolean>> wins = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    boolean commits = i % 2 == 0;
                    Callable<Boolean> race = () -> {
                        start.await();
                        return commits
                                ? transactions()
                                        .commit(id, true)
                                        .previousState()
                                        .equals(Optional.of(State.OPEN))
                                : transactions().abort(List.of(id)).get(0).state() == State.OPEN;
                    };
                    wins.add(pool.submit(race));
                }
                start.countDown();
                int winners = 0;
                for (Future<Boolean> win : wins) {
                    winners += win.get() ? 1 : 0;
                }
                assertThat(winners).as("round " + round).isEqualTo(1);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void transactionCallsLogNoEventUnlessSetTo() {
        long before = catalog.listEvents(dev.lakegate.catalog.server.model.EventQuery.after(Long.MAX_VALUE, 1))
                .lastEventId();
        List<Long> ids = open(2);
        transactions().commit(ids.get(0), true);
        transactions().abort(List.of(ids.get(1)));
        catalog.acidWriteIds()
                .allocate(
                        dev.lakegate.catalog.server.model.TableIdentifier.inDefaultCatalog("db", "unlogged"),
                        open(1),
                        false);

        assertThat(catalog.listEvents(dev.lakegate.catalog.server.model.EventQuery.after(Long.MAX_VALUE, 1))
                        .lastEventId())
                .isEqualTo(before);
    }

    /** Replication's seed (HMS 4's seed_txn_id): only forward, and the next open takes the seed. */
    @Test
    void theNextIdIsTheSeedAndASeedNeverGoesBack() {
        long last = open(1).get(0);
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> transactions().seedIds(last))
                .hasMessage("Invalid txnId seed " + last + ", the highWaterMark is " + last);
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> transactions().seedIds(1));
        assertThat(open(1)).as("a refused seed changes nothing").containsExactly(last + 1);
        transactions().seedIds(last + 100);
        assertThat(open(2)).containsExactly(last + 100, last + 101);
        assertThat(transactions().list().highWaterMark()).isEqualTo(last + 101);
    }
}

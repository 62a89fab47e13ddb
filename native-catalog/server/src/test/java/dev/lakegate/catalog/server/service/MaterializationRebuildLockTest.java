package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.model.CatalogException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Hive's rebuild locks of materialized views on a real store: one transaction holds a view's lock, its commit
 * lets it go, and the housekeeping releases those of ended transactions once their heartbeats are old.
 */
abstract class MaterializationRebuildLockTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(10);

    private MaterializedViewTransactions locks() {
        return catalog.materializedViews();
    }

    private List<Long> open(int count, String type) {
        return catalog.acidTransactions().open(count, type, "alice", "host-1", "test-agent", TTL);
    }

    private int sweptLocks() {
        return catalog.acidTransactions().sweep(AcidHousekeeper.STEP).rebuildLocks();
    }

    @Test
    void oneTransactionHoldsAViewsLockAndHeartbeatsIt() {
        List<Long> txns = open(2, "MATER_VIEW_REBUILD");
        assertThat(locks().lockRebuild("db", "mv", txns.get(0))).isTrue();
        assertThat(locks().lockRebuild("db", "mv", txns.get(1))).isFalse();
        assertThat(locks().lockRebuild("db", "mv", txns.get(0)))
                .as("the holder asks again")
                .isFalse();
        assertThat(locks().lockRebuild("db", "MV", txns.get(1)))
                .as("names as given")
                .isTrue();
        assertThat(locks().heartbeatRebuild("db", "mv", txns.get(0))).isTrue();
        assertThat(locks().heartbeatRebuild("db", "mv", txns.get(1))).isFalse();
        assertThat(locks().heartbeatRebuild("db", "none", txns.get(0))).isFalse();
    }

    @Test
    void aTransactionRebuildsOneView() {
        long txn = open(1, "MATER_VIEW_REBUILD").get(0);
        assertThat(locks().lockRebuild("one", "first", txn)).isTrue();
        assertThatThrownBy(() -> locks().lockRebuild("one", "second", txn))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("holds the rebuild lock of one.first already");
    }

    @Test
    void aCommitReleasesItsLocksAnAbortDoesNot() {
        List<Long> txns = open(4, "MATER_VIEW_REBUILD");
        assertThat(locks().lockRebuild("db", "committed", txns.get(0))).isTrue();
        assertThat(locks().lockRebuild("db", "aborted", txns.get(1))).isTrue();
        catalog.acidTransactions().commit(txns.get(0), true);
        catalog.acidTransactions().abort(List.of(txns.get(1)));
        assertThat(locks().lockRebuild("db", "committed", txns.get(2))).isTrue();
        assertThat(locks().lockRebuild("db", "aborted", txns.get(3))).isFalse();
    }

    @Test
    void theHousekeepingReleasesLocksOfEndedTransactionsOnceTheirHeartbeatIsOld() {
        List<Long> txns = open(4, "DEFAULT");
        assertThat(locks().lockRebuild("kept", "aborted", txns.get(0))).isTrue();
        assertThat(locks().lockRebuild("kept", "open", txns.get(1))).isTrue();
        catalog.acidTransactions().abort(List.of(txns.get(0)));
        catalog.acidTransactions().sweep(AcidHousekeeper.STEP);
        assertThat(locks().lockRebuild("kept", "aborted", txns.get(2)))
                .as("heartbeated just now")
                .isFalse();

        // past the timeout, with the open transactions kept alive by their heartbeats (not their locks')
        Duration step = TTL.dividedBy(2);
        for (Duration waited = Duration.ZERO;
                waited.compareTo(AcidTransactionOperations.DEFAULT_TTL) <= 0;
                waited = waited.plus(step)) {
            clock.advance(step);
            catalog.acidTransactions().heartbeat(txns.get(1), txns.get(3));
        }
        assertThat(sweptLocks()).isGreaterThanOrEqualTo(1);
        assertThat(locks().lockRebuild("kept", "aborted", txns.get(2))).isTrue();
        assertThat(locks().lockRebuild("kept", "open", txns.get(3))).isFalse();
    }

    @Test
    void ofTransactionsTakingOneViewAtOnceExactlyOneHoldsIt() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            race(pool);
        } finally {
            pool.shutdownNow();
        }
    }

    private void race(ExecutorService pool) throws Exception {
        for (int round = 0; round < 10; round++) {
            String view = "raced_" + round;
            List<Long> txns = open(4, "MATER_VIEW_REBUILD");
            List<Callable<Boolean>> takes = new ArrayList<>();
            for (long txn : txns) {
                takes.add(() -> locks().lockRebuild("db", view, txn));
            }
            int taken = 0;
            for (Future<Boolean> take : pool.invokeAll(takes)) {
                taken += take.get() ? 1 : 0;
            }
            assertThat(taken).as(view).isEqualTo(1);
        }
    }
}

package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.lakegate.catalog.server.model.AcidHeartbeats;
import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.AcidSweep;
import dev.lakegate.catalog.server.model.AcidTransaction;
import dev.lakegate.catalog.server.model.AcidTransaction.State;
import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.ValidWriteIds;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The transaction table's housekeeping on a real store: what a sweep aborts and forgets, and what it keeps
 * because a reader or a retrying writer still needs it.
 */
abstract class AcidHousekeepingTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(10);

    private AcidTransactionOperations transactions() {
        return catalog.acidTransactions();
    }

    private List<Long> open(int count) {
        return transactions().open(count, "", "alice", "host-1", "test-agent", TTL);
    }

    /** The listed (open and aborted) transactions among {@code ids}. */
    private List<AcidTransaction> listed(List<Long> ids) {
        return transactions().list().transactions().stream()
                .filter(transaction -> ids.contains(transaction.id()))
                .toList();
    }

    /** Every test starts from a table without open transactions: those of earlier tests expire and go. */
    @BeforeEach
    void sweepEarlierTests() {
        clock.advance(TTL.multipliedBy(2));
        while (transactions().sweep(AcidHousekeeper.STEP).more(AcidHousekeeper.STEP)) {
            // a backlog larger than a step
        }
    }

    @Test
    void committedTransactionsBelowTheOldestOpenOneAreForgottenTheOthersStay() {
        List<Long> ids = open(4);
        long first = ids.get(0);
        long last = ids.get(3);
        transactions().commit(first, true);
        transactions().commit(ids.get(1), true);
        transactions().commit(last, true);

        AcidSweep swept = transactions().sweep(AcidHousekeeper.STEP);

        assertThat(swept.committed()).isGreaterThanOrEqualTo(2);
        AcidHeartbeats found = transactions().heartbeat(first, last);
        assertThat(found.notFound()).containsExactly(first, ids.get(1));
        assertThat(found.committed()).containsExactly(last);
        assertThat(listed(ids)).extracting(AcidTransaction::id).containsExactly(ids.get(2));
        // the open one ends: every committed one but the newest goes, which stays the high-water mark
        transactions().commit(ids.get(2), true);
        assertThat(transactions().sweep(AcidHousekeeper.STEP).committed()).isEqualTo(1);
        assertThat(transactions().heartbeat(first, last).committed()).containsExactly(last);
        assertThat(transactions().list().highWaterMark()).isEqualTo(last);
    }

    @Test
    void abortedTransactionsAreForgottenUnlessTheyWereGivenAWriteId() {
        List<Long> ids = open(3);
        long wrote = ids.get(0);
        long wroteNothing = ids.get(1);
        TableIdentifier table = TableIdentifier.inDefaultCatalog("db", "housekept");
        catalog.acidWriteIds().allocate(table, List.of(wrote), false);
        transactions().abort(List.of(wrote, wroteNothing));

        AcidSweep swept = transactions().sweep(AcidHousekeeper.STEP);

        assertThat(swept.aborted()).isGreaterThanOrEqualTo(1);
        assertThat(listed(ids))
                .extracting(AcidTransaction::id, AcidTransaction::state)
                .containsExactly(tuple(wrote, State.ABORTED), tuple(ids.get(2), State.OPEN));
        assertThat(transactions().heartbeat(wroteNothing, wroteNothing).notFound())
                .containsExactly(wroteNothing);
    }

    @Test
    void transactionsPastTheirTtlAreAbortedAndWhatTheyHeldIsReleased() {
        List<Long> ids = open(2);
        long expiring = ids.get(0);
        TableIdentifier table = TableIdentifier.inDefaultCatalog("db", "expiring");
        catalog.acidWriteIds().allocate(table, List.of(expiring), false);
        clock.advance(TTL.plusSeconds(1));
        long alive = open(1).get(0);

        AcidSweep swept = transactions().sweep(AcidHousekeeper.STEP);

        assertThat(swept.expired()).isEqualTo(2);
        // the one that was given a write id stays, aborted, so that readers keep its write invalid
        assertThat(listed(List.of(expiring, ids.get(1), alive)))
                .extracting(AcidTransaction::id, AcidTransaction::state)
                .containsExactly(tuple(expiring, State.ABORTED), tuple(alive, State.OPEN));
        assertThat(transactions().heartbeat(ids.get(1), ids.get(1)).notFound()).containsExactly(ids.get(1));
    }

    @Test
    void writeIdsOfAnAbortedTransactionStaySoThatReadersKeepThemInvalid() {
        TableIdentifier table = TableIdentifier.inDefaultCatalog("db", "aborted-writes");
        long aborted = open(1).get(0);
        long writeId = catalog.acidWriteIds()
                .allocate(table, List.of(aborted), false)
                .get(0)
                .writeId();
        transactions().abort(List.of(aborted));
        long later = open(1).get(0);
        transactions().commit(later, true);

        transactions().sweep(AcidHousekeeper.STEP);

        ValidWriteIds now = validWriteIds(table, new AcidSnapshot(later, Set.of(), Set.of(aborted)));
        assertThat(now.invalid()).containsExactly(writeId);
        assertThat(now.aborted()).containsExactly(writeId);
    }

    private ValidWriteIds validWriteIds(TableIdentifier table, AcidSnapshot snapshot) {
        return catalog.acidWriteIds().validWriteIds(List.of(table), snapshot).get(0);
    }

    @Test
    void aHousekeepersRunSweepsWhatIsThere() {
        List<Long> ids = open(3);
        ids.forEach(id -> transactions().commit(id, true));
        try (AcidHousekeeper housekeeper = AcidHousekeeper.start(transactions(), Duration.ofHours(1))) {
            assertThat(housekeeper.run()).isEqualTo(1);
        }
        assertThat(transactions().heartbeat(ids.get(0), ids.get(2)).notFound()).containsExactly(ids.get(0), ids.get(1));
    }

    /** A Worker's compaction of the place in transaction {@code txnId}, up to write id {@code highestWriteId}. */
    private long compacting(TableIdentifier table, String partition, long txnId, long highestWriteId) {
        String pool = table.name() + "/" + partition;
        CompactionRequest request = new CompactionRequest(
                table, Optional.of(partition), Compaction.Type.MAJOR, "hive", Map.of(), pool, 0, "", "", "");
        long id = catalog.compactionQueue().enqueue(request).id();
        assertThat(catalog.compactionQueue().takeNext("worker-1", "4.0.1", pool))
                .isPresent();
        catalog.compactionQueue().recordCompactor(id, txnId, highestWriteId, "hive");
        return id;
    }

    @Test
    void anAbortedCompactorStaysAbortedUntilACleanedCompactionOfItsPlaceCoversIt() {
        TableIdentifier table = TableIdentifier.inDefaultCatalog("db", "compacted");
        long failed = open(1).get(0);
        long otherPlace = open(1).get(0);
        long failedEntry = compacting(table, "p=1", failed, 5);
        compacting(table, "p=2", otherPlace, 5);
        transactions().abort(List.of(failed, otherPlace));
        catalog.compactionQueue().end(failedEntry, Compaction.State.FAILED, "worker died", Optional.empty());

        transactions().sweep(AcidHousekeeper.STEP);

        // readers keep the half-written base_5_v<failed> invisible, as HMS keeps its TXN_COMPONENTS row
        assertThat(listed(List.of(failed, otherPlace)))
                .extracting(AcidTransaction::id, AcidTransaction::state)
                .containsExactly(tuple(failed, State.ABORTED), tuple(otherPlace, State.ABORTED));

        long retried = open(1).get(0);
        long retry = compacting(table, "p=1", retried, 5);
        transactions().commit(retried, true);
        catalog.compactionQueue().markCompacted(retry);
        catalog.compactionQueue().markCleaned(retry);

        AcidSweep swept = transactions().sweep(AcidHousekeeper.STEP);

        assertThat(swept.compactorWrites()).isEqualTo(1);
        assertThat(transactions().heartbeat(failed, failed).notFound()).containsExactly(failed);
        assertThat(listed(List.of(failed, otherPlace)))
                .extracting(AcidTransaction::id, AcidTransaction::state)
                .containsExactly(tuple(otherPlace, State.ABORTED));
    }
}

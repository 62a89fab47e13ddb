package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.Compaction.State;
import dev.lakegate.catalog.server.model.Compaction.Type;
import dev.lakegate.catalog.server.model.CompactionFilter;
import dev.lakegate.catalog.server.model.CompactionMetric;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.service.CompactionQueueOperations.Aborted;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The Cleaner's end of Hive's compaction queue, aborted entries, the committed entries of a table and the
 * compaction metrics, on a real store, as HMS 4.0.1's CompactionTxnHandler keeps them. Tests share the store:
 * each uses a table (and pool) of its own.
 */
abstract class CompactorCleanerQueueTest extends ServiceOnScratchStore {

    private static int tables;

    private static String table() {
        return "t" + (++tables);
    }

    private static CompactionRequest request(String table, Optional<String> partition, Type type) {
        return new CompactionRequest(
                TableIdentifier.inDefaultCatalog("cc", table), partition, type, "hive", Map.of(), table, 0, "", "", "");
    }

    /** Enqueued, taken by a Worker, compacted up to write id 4: ready for cleaning. */
    private long compacted(String table, Optional<String> partition) {
        long id = catalog.compactionQueue()
                .enqueue(request(table, partition, Type.MAJOR))
                .id();
        assertThat(catalog.compactionQueue().takeNext("host-1", "4.0.1", table)).isPresent();
        catalog.compactionQueue().recordCompactor(id, 17, 4, "hive");
        catalog.compactionQueue().markCompacted(id);
        return id;
    }

    private List<Compaction> ofTable(String table) {
        return catalog.compactionQueue()
                .list(CompactionFilter.builder()
                        .namespace("cc")
                        .table(table)
                        .order(true, false)
                        .build());
    }

    private Compaction entry(long id) {
        return catalog.compactionQueue()
                .list(CompactionFilter.builder().id(id).build())
                .get(0);
    }

    @Test
    void theCleanerEndsACompactedEntryAsSucceededAndTheAbortCleanupsOfItsPlaceGo() {
        String table = table();
        long id = compacted(table, Optional.of("p=1"));
        long cleanup = catalog.compactionQueue()
                .enqueue(request(table, Optional.of("p=1"), Type.ABORT_TXN_CLEANUP))
                .id();
        long otherCleanup = catalog.compactionQueue()
                .enqueue(request(table, Optional.of("p=2"), Type.ABORT_TXN_CLEANUP))
                .id();
        clock.advance(Duration.ofSeconds(5));
        Instant cleaned = clock.instant();

        catalog.compactionQueue().markCleaned(id);

        Compaction entry = entry(id);
        assertThat(entry.state()).isEqualTo(State.SUCCEEDED);
        assertThat(entry.work().end()).contains(cleaned);
        assertThat(entry.work().highestWriteId()).isEqualTo(4);
        assertThat(entry.work().txnId()).isEqualTo(17);
        assertThat(ofTable(table))
                .extracting(Compaction::id)
                .as("the partition's abort cleanup is gone, the other partition's stays")
                .containsExactly(id, otherCleanup)
                .doesNotContain(cleanup);
    }

    @Test
    void aWholeTableCleanedTakesTheAbortCleanupsOfEveryPartitionAndOneCleanedLeavesTheQueue() {
        String table = table();
        long cleanup = catalog.compactionQueue()
                .enqueue(request(table, Optional.of("p=1"), Type.ABORT_TXN_CLEANUP))
                .id();
        long id = compacted(table, Optional.empty());

        catalog.compactionQueue().markCleaned(id);
        assertThat(ofTable(table)).extracting(Compaction::id).containsExactly(id);

        long another = catalog.compactionQueue()
                .enqueue(request(table, Optional.of("p=3"), Type.ABORT_TXN_CLEANUP))
                .id();
        catalog.compactionQueue().markCleaned(another);
        assertThat(ofTable(table))
                .extracting(Compaction::id)
                .as("an abort cleanup cleaned leaves the queue")
                .containsExactly(id)
                .doesNotContain(cleanup);
        catalog.compactionQueue().markCleaned(987_654_321L);
        assertThat(ofTable(table)).as("an id no entry has changes nothing").hasSize(1);
    }

    @Test
    void anEntrySubmittedForCleanupIsReadyForCleaningAndHoldsNoPlace() {
        String table = table();
        long id = catalog.compactionQueue().submitForCleanup(request(table, Optional.empty(), Type.MINOR), 9, 21);
        long again = catalog.compactionQueue().submitForCleanup(request(table, Optional.empty(), Type.MINOR), 10, 22);

        Compaction entry = entry(id);
        assertThat(entry.state()).isEqualTo(State.READY_FOR_CLEANING);
        assertThat(entry.work().highestWriteId()).isEqualTo(9);
        assertThat(entry.work().txnId()).isEqualTo(21);
        assertThat(entry.request().runAs()).isEqualTo("hive");
        assertThat(again).isGreaterThan(id);
        assertThat(catalog.compactionQueue()
                        .enqueue(request(table, Optional.empty(), Type.MAJOR))
                        .accepted())
                .isTrue();
    }

    @Test
    void onlyInitiatedEntriesAreAbortedAndEachIdIsAnswered() {
        String table = table();
        long working = catalog.compactionQueue()
                .enqueue(request(table, Optional.of("p=1"), Type.MAJOR))
                .id();
        catalog.compactionQueue().takeNext("host-1", "4.0.1", table);
        long initiated = catalog.compactionQueue()
                .enqueue(request(table, Optional.of("p=2"), Type.MAJOR))
                .id();

        List<Aborted> answers =
                catalog.compactionQueue().abort(List.of(initiated, working, 987_654_322L, initiated), "why");

        assertThat(answers)
                .containsExactly(
                        new Aborted(initiated, Optional.of(State.INITIATED), true),
                        new Aborted(working, Optional.of(State.WORKING), false),
                        new Aborted(987_654_322L, Optional.empty(), false));
        Compaction aborted = entry(initiated);
        assertThat(aborted.state()).isEqualTo(State.ABORTED);
        assertThat(aborted.work().errorMessage()).contains("why");
        assertThat(aborted.work().end()).contains(clock.instant());
        assertThat(entry(working).state()).isEqualTo(State.WORKING);
        assertThat(catalog.compactionQueue().abort(List.of(initiated), "why"))
                .containsExactly(new Aborted(initiated, Optional.of(State.ABORTED), false));
        assertThat(catalog.compactionQueue().abort(List.of(), "why")).isEmpty();
        assertThat(catalog.compactionQueue()
                        .enqueue(request(table, Optional.of("p=2"), Type.MAJOR))
                        .accepted())
                .as("an aborted entry holds no place")
                .isTrue();
    }

    @Test
    void theCommittedEntriesOfATableAfterAnId() {
        String table = table();
        long cleaned = compacted(table, Optional.of("p=1"));
        catalog.compactionQueue().markCleaned(cleaned);
        long ready = compacted(table, Optional.of("p=2"));
        catalog.compactionQueue().enqueue(request(table, Optional.of("p=3"), Type.MAJOR));

        CompactionFilter.Builder newestCommitted = CompactionFilter.builder()
                .namespace("cc")
                .table(table)
                .order(true, true)
                .committed(true);
        CompactionFilter committed = newestCommitted.build();
        assertThat(catalog.compactionQueue().list(committed))
                .extracting(Compaction::id)
                .containsExactly(ready, cleaned);
        CompactionFilter after = newestCommitted.after(cleaned).build();
        assertThat(catalog.compactionQueue().list(after))
                .extracting(Compaction::id)
                .containsExactly(ready);
    }

    @Test
    void aMetricIsKeptAtOrAboveItsThresholdOnItsVersionAndRemovedBelowIt() {
        TableIdentifier table = TableIdentifier.inDefaultCatalog("cc", table());
        CompactionMetric p1 = new CompactionMetric(table, Optional.of("p=1"), "HIVE_ACID_NUM_DELTAS");
        CompactionMetric whole = new CompactionMetric(table, Optional.empty(), "HIVE_ACID_NUM_DELTAS");
        CompactionQueueOperations queue = catalog.compactionQueue();

        assertThat(queue.updateMetric(p1, 5, 10))
                .as("below its threshold, nothing kept")
                .isTrue();
        assertThat(version(p1)).isEmpty();
        assertThat(queue.updateMetric(p1, 10, 10)).isTrue();
        assertThat(version(p1)).contains(1);
        assertThat(queue.updateMetric(p1, 12, 10)).isTrue();
        assertThat(version(p1)).contains(2);
        assertThat(queue.updateMetric(whole, 30, 10)).isTrue();
        assertThat(queue.updateMetric(p1, 3, 10))
                .as("below its threshold: removed")
                .isTrue();
        assertThat(version(p1)).isEmpty();
        assertThat(version(whole)).contains(1);

        assertThat(queue.updateMetric(p1, 11, 10)).isTrue();
        queue.removeMetric(whole);
        assertThat(version(p1)).as("removed with the table's own").isEmpty();
        assertThat(version(whole)).isEmpty();
    }

    @Test
    void anUpdateOnAVersionThatMovedOnIsNotApplied() {
        TableIdentifier table = TableIdentifier.inDefaultCatalog("cc", table());
        CompactionMetric metric = new CompactionMetric(table, Optional.of("p=1"), "HIVE_ACID_NUM_SMALL_DELTAS");
        catalog.compactionQueue().updateMetric(metric, 20, 10);
        boolean applied = catalogStore()
                .inTransaction(tx -> tx.compactionQueue().metrics().update(metric, 25, 7));
        assertThat(applied).isFalse();
        boolean onItsVersion = catalogStore()
                .inTransaction(tx -> tx.compactionQueue().metrics().update(metric, 25, 1));
        assertThat(onItsVersion).isTrue();
        assertThat(version(metric)).contains(2);
    }

    private Optional<Integer> version(CompactionMetric metric) {
        java.util.OptionalInt version = catalogStore()
                .inTransaction(tx -> tx.compactionQueue().metrics().version(metric));
        return version.isPresent() ? Optional.of(version.getAsInt()) : Optional.empty();
    }
}

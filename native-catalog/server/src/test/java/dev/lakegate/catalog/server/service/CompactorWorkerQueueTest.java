package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.Compaction.State;
import dev.lakegate.catalog.server.model.Compaction.Type;
import dev.lakegate.catalog.server.model.CompactionFilter;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.model.CompactionWork;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.UnqueuedCompaction;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Hive's compactor Worker taking entries of the compaction queue on, on a real store, as HMS 4.0.1's
 * CompactionTxnHandler lets it. Tests share the store: each queues in a pool of its own (a Worker of a pool
 * takes only that pool's entries), except the one on Workers of no pool, which takes what no pool holds.
 */
abstract class CompactorWorkerQueueTest extends ServiceOnScratchStore {

    private static int pools;

    private static String pool() {
        return "pool" + (++pools);
    }

    /** Queues a table of its own pool's name, so that tests do not meet on one place. */
    private long enqueue(String table, String pool) {
        CompactionRequest request = new CompactionRequest(
                TableIdentifier.inDefaultCatalog("cw", pool + "_" + table),
                Optional.empty(),
                Type.MAJOR,
                "",
                Map.of(),
                pool,
                0,
                "",
                "",
                "");
        return catalog.compactionQueue().enqueue(request).id();
    }

    private Compaction entry(long id) {
        return catalog.compactionQueue()
                .list(CompactionFilter.builder().id(id).build())
                .get(0);
    }

    private List<Long> inPool(String pool, boolean inIdOrder) {
        return catalog
                .compactionQueue()
                .list(CompactionFilter.builder()
                        .pool(pool)
                        .order(inIdOrder, false)
                        .build())
                .stream()
                .map(Compaction::id)
                .toList();
    }

    private Optional<Compaction> take(String pool) {
        return catalog.compactionQueue().takeNext("host-7", "4.0.1", pool);
    }

    @Test
    void aWorkerTakesTheOldestInitiatedEntryOfItsPoolWhichBecomesWorkingForIt() {
        String pool = pool();
        long first = enqueue("a", pool);
        long second = enqueue("b", pool);
        clock.advance(Duration.ofSeconds(3));
        Instant taken = clock.instant();

        Compaction answered = take(pool).orElseThrow();

        assertThat(answered.id()).isEqualTo(first);
        assertThat(answered.state()).as("answered as it was, as HMS answers").isEqualTo(State.INITIATED);
        assertThat(answered.work()).isEqualTo(CompactionWork.NONE);
        Compaction working = entry(first);
        assertThat(working.state()).isEqualTo(State.WORKING);
        assertThat(working.work().workerId()).contains("host-7");
        assertThat(working.work().workerVersion()).contains("4.0.1");
        assertThat(working.work().start()).contains(taken);
        assertThat(take(pool).orElseThrow().id()).isEqualTo(second);
        assertThat(take(pool)).as("nothing initiated is left in the pool").isEmpty();
    }

    @Test
    void aWorkerOfAnotherPoolTakesNothingUntilTheEntryWaitedLongerThanThePoolTimeout() {
        String pool = pool();
        long id = enqueue("a", pool);
        assertThat(take(pool())).isEmpty();
        // a Worker of no pool first takes what no pool holds (other tests' leftovers, if any)
        while (take("").filter(c -> c.id() != id).isPresent()) {
            // drained
        }
        assertThat(entry(id).state()).isEqualTo(State.INITIATED);
        clock.advance(CompactionQueueOperations.POOL_TIMEOUT.plusSeconds(1));
        assertThat(take("")).map(Compaction::id).contains(id);
    }

    @Test
    void theWorkerRecordsItsTransactionAndJobAndMarksTheEntryCompacted() {
        String pool = pool();
        long id = enqueue("a", pool);
        take(pool);

        catalog.compactionQueue().recordCompactor(id, 42, 7, "hive");
        catalog.compactionQueue().recordJob(id, "job_1_0001");
        catalog.compactionQueue().markCompacted(id);

        Compaction compacted = entry(id);
        assertThat(compacted.state()).isEqualTo(State.READY_FOR_CLEANING);
        assertThat(compacted.work().workerId()).as("HMS lets go of the worker").isEmpty();
        assertThat(compacted.work().workerVersion()).contains("4.0.1");
        assertThat(compacted.work().txnId()).isEqualTo(42);
        assertThat(compacted.work().highestWriteId()).isEqualTo(7);
        assertThat(compacted.request().runAs()).isEqualTo("hive");
        assertThat(compacted.work().hadoopJobId()).contains("job_1_0001");
        assertThat(compacted.work().end()).isEmpty();
        assertThat(take(pool)).isEmpty();
    }

    @Test
    void theCommitOfTheCompactionsTransactionStampsItsEntryWithTheHighestIdGivenAndTheTime() {
        String pool = pool();
        long id = enqueue("c", pool);
        long other = enqueue("d", pool);
        take(pool);
        take(pool);
        AcidTransactionOperations transactions = catalog.acidTransactions();
        long compaction = transactions
                .open(1, "COMPACTION", "hive", "host-7", "", Duration.ZERO)
                .get(0);
        long plain =
                transactions.open(1, "", "hive", "host-7", "", Duration.ZERO).get(0);
        catalog.compactionQueue().recordCompactor(id, compaction, 7, "hive");
        catalog.compactionQueue().recordCompactor(other, plain, 7, "hive");
        long later =
                transactions.open(1, "", "hive", "host-7", "", Duration.ZERO).get(0);
        assertThat(entry(id).work().commitTime()).as("not before its commit").isEmpty();
        clock.advance(Duration.ofSeconds(4));

        transactions.commit(compaction, true);
        transactions.commit(plain, true);

        CompactionWork stamped = entry(id).work();
        assertThat(stamped.nextTxnId())
                .as("the highest id given, a later one too")
                .isEqualTo(later);
        assertThat(stamped.commitTime()).contains(clock.instant());
        assertThat(entry(other).work().nextTxnId())
                .as("a transaction of another type stamps nothing")
                .isZero();
        assertThat(entry(other).work().commitTime()).isEmpty();
        transactions.abort(List.of(later));
    }

    @Test
    void aFailedOrRefusedEntryEndsWithItsMessageAndFreesItsPlace() {
        String pool = pool();
        long failed = enqueue("f", pool);
        long refused = enqueue("r", pool);
        take(pool);
        take(pool);
        clock.advance(Duration.ofSeconds(5));

        Instant failedAt = clock.instant();
        catalog.compactionQueue().end(failed, State.FAILED, "out of memory", Optional.empty());
        clock.advance(Duration.ofSeconds(1));
        catalog.compactionQueue().end(refused, State.REFUSED, "", Optional.empty());
        long waiting = enqueue("w", pool);

        assertThat(inPool(pool, false))
                .as("HMS's order: what is not ended first, then the latest ended first")
                .containsExactly(waiting, refused, failed);
        assertThat(inPool(pool, true)).containsExactly(failed, refused, waiting);

        assertThat(entry(failed).state()).isEqualTo(State.FAILED);
        assertThat(entry(failed).work().errorMessage()).contains("out of memory");
        assertThat(entry(failed).work().end()).contains(failedAt);
        assertThat(entry(failed).work().workerId()).as("kept, as HMS keeps it").contains("host-7");
        assertThat(entry(refused).state()).isEqualTo(State.REFUSED);
        assertThat(entry(refused).work().errorMessage()).isEmpty();
        assertThat(enqueue("f", pool)).as("the table can be compacted again").isPositive();
    }

    @Test
    void workOnAnIdNoEntryHasIsRefused() {
        assertThatThrownBy(() -> catalog.compactionQueue().markCompacted(999_999))
                .isInstanceOfSatisfying(
                        CatalogException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_STATE_CHANGE));
        assertThatThrownBy(() ->
                        catalog.compactionQueue().end(enqueue("x", pool()), State.SUCCEEDED, "", Optional.empty()))
                .isInstanceOfSatisfying(
                        CatalogException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }

    private static UnqueuedCompaction unqueued(String table, String pool) {
        CompactionRequest request = new CompactionRequest(
                TableIdentifier.inDefaultCatalog("cw", pool + "_" + table),
                Optional.of("p=1"),
                Type.MINOR,
                "hive",
                Map.of(),
                pool,
                0,
                "",
                "",
                "");
        return new UnqueuedCompaction(request, Optional.of("initiator-1"), Optional.empty(), 7, Optional.empty());
    }

    /** HMS 4.0.1's updateStatus: a compaction reported with id 0 is recorded ended under a new id. */
    @Test
    void aFailureOrRefusalOfNoEntryIsRecordedEndedUnderANewId() {
        String pool = pool();
        long before = enqueue("a", pool);
        Instant now = clock.instant();

        catalog.compactionQueue().end(0, State.FAILED, "no such table", Optional.of(unqueued("f", pool)));
        catalog.compactionQueue().end(0, State.REFUSED, "", Optional.of(unqueued("r", pool)));

        List<Compaction> recorded = catalog.compactionQueue()
                .list(CompactionFilter.builder().pool(pool).order(true, false).build());
        assertThat(recorded).hasSize(3);
        Compaction failed = recorded.get(1);
        assertThat(failed.id()).isGreaterThan(before);
        assertThat(failed.state()).as("HMS's 'a'").isEqualTo(State.DID_NOT_INITIATE);
        assertThat(failed.request().partition()).contains("p=1");
        assertThat(failed.request().type()).isEqualTo(Type.MINOR);
        assertThat(failed.enqueueTime()).as("none reported: 0").isEqualTo(Instant.EPOCH);
        assertThat(failed.work().start()).contains(now);
        assertThat(failed.work().end()).contains(now);
        assertThat(failed.work().workerId()).contains("initiator-1");
        assertThat(failed.work().highestWriteId()).isEqualTo(7);
        assertThat(failed.work().errorMessage()).contains("no such table");
        Compaction refused = recorded.get(2);
        assertThat(refused.state()).isEqualTo(State.REFUSED);
        assertThat(refused.work().errorMessage()).isEmpty();
        assertThat(enqueue("f", pool)).as("an ended entry holds no place").isPositive();

        assertThatThrownBy(() ->
                        catalog.compactionQueue().end(999_999, State.FAILED, "", Optional.of(unqueued("x", pool))))
                .as("an id above 0 no entry has is HMS's IllegalStateException")
                .isInstanceOfSatisfying(
                        CatalogException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_STATE_CHANGE));
    }
}

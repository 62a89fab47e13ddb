package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.server.model.TableWriteId;
import dev.lakegate.catalog.server.model.ValidWriteIds;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Hive's write ids on a real store: numbering per table in transaction order, what a reader with a snapshot
 * of the transactions may see (the cases HMS 4.0.1 was seen to answer), refusals, and concurrent allocation.
 */
abstract class AcidWriteIdTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(30);
    private static final AtomicInteger TABLES = new AtomicInteger();

    private AcidWriteIdOperations writeIds() {
        return catalog.acidWriteIds();
    }

    private List<Long> open(int count) {
        return catalog.acidTransactions().open(count, "", "alice", "host", "agent", TTL);
    }

    /** The tests share one store: each names its own tables. */
    private static TableIdentifier newTable() {
        return TableIdentifier.inDefaultCatalog("db", "t" + TABLES.incrementAndGet());
    }

    /** {@code count} open transactions, given write ids 1, 2, … of {@code table} in order. */
    private List<Long> writers(TableIdentifier table, int count) {
        List<Long> ids = open(count);
        for (long id : ids) {
            allocate(table, id);
        }
        return ids;
    }

    private long allocate(TableIdentifier table, long transactionId) {
        return writeIds().allocate(table, List.of(transactionId), false).get(0).writeId();
    }

    private ValidWriteIds valid(TableIdentifier table, long highWaterMark, Set<Long> open, Set<Long> aborted) {
        return writeIds()
                .validWriteIds(List.of(table), new AcidSnapshot(highWaterMark, open, aborted))
                .get(0);
    }

    /** As HMS's onRename and drop's cleanup: a renamed table keeps its numbering, one made again starts anew. */
    @Test
    void writeIdsGoWithARenamedTableAndWithADroppedOne() {
        RequestContext context = RequestContext.of("tester");
        String namespace = "renamed" + TABLES.incrementAndGet();
        catalog.createNamespace(Namespace.of(namespace), context);
        Table table = catalog.createTable(CatalogFixtures.hiveTable(namespace, "t"), context);
        List<Long> ids = open(2);
        for (long id : ids) {
            allocate(table.identifier(), id);
        }
        TableIdentifier moved = TableIdentifier.inDefaultCatalog(namespace, "moved");
        catalog.commitTable(
                new TableCommit(table.identifier(), List.of(), List.of(new TableUpdate.Rename(moved))), context);
        assertThat(writeIds().lastWriteId(moved)).isEqualTo(2);
        assertThat(writeIds().lastWriteId(table.identifier())).isZero();
        long later = open(1).get(0);
        assertThat(allocate(moved, later)).as("numbering goes on").isEqualTo(3);

        catalog.deleteTable(moved, java.util.Optional.empty(), context);
        assertThat(writeIds().lastWriteId(moved)).isZero();
        catalog.createTable(CatalogFixtures.hiveTable(namespace, "moved"), context);
        long anew = open(1).get(0);
        assertThat(allocate(moved, anew))
                .as("a table made again numbers from 1")
                .isEqualTo(1);
        catalog.acidTransactions().abort(List.of(ids.get(0), ids.get(1), later, anew));
    }

    /** As HMS 4.0.1's get_valid_write_ids with a write id: the snapshot of the transaction given it. */
    @Test
    void theSnapshotOfAWriteIdIsThatOfTheTransactionGivenIt() {
        TableIdentifier table = newTable();
        List<Long> ids = writers(table, 3);
        AcidSnapshot now = new AcidSnapshot(ids.get(2), Set.of(ids.get(0), ids.get(1), ids.get(2)), Set.of());
        assertThat(writeIds().validWriteIdsAsOf(List.of(table), now, 2))
                .as("the first open one below it is invalid; its own write is not")
                .containsExactly(new ValidWriteIds(table, 2, List.of(1L), Set.of(), OptionalLong.of(1)));
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> writeIds().validWriteIdsAsOf(List.of(table), now, 9));
        catalog.acidTransactions().abort(ids);
    }

    @Test
    void eachTableNumbersItsWritersInTransactionOrderAndAnswersAgainAlike() {
        TableIdentifier t1 = newTable();
        TableIdentifier t2 = newTable();
        List<Long> ids = open(3);
        assertThat(writeIds().allocate(t1, List.of(ids.get(1), ids.get(0)), false))
                .containsExactly(new TableWriteId(ids.get(0), 1), new TableWriteId(ids.get(1), 2));
        assertThat(writeIds().allocate(t1, List.of(ids.get(1)), false))
                .containsExactly(new TableWriteId(ids.get(1), 2));
        assertThat(allocate(t2, ids.get(1))).isEqualTo(1);
        assertThat(allocate(t1, ids.get(2))).isEqualTo(3);
        assertThat(writeIds().lastWriteId(t1)).isEqualTo(3);
        assertThat(writeIds().lastWriteId(t2)).isEqualTo(1);
        assertThat(writeIds().lastWriteId(TableIdentifier.inDefaultCatalog("db", "never")))
                .isZero();
    }

    @Test
    void onlyOpenTransactionsThatMayWriteGetWriteIds() {
        TableIdentifier t1 = newTable();
        List<Long> ids = open(4);
        catalog.acidTransactions().abort(List.of(ids.get(0)));
        catalog.acidTransactions().commit(ids.get(1), true);
        long readOnly = catalog.acidTransactions()
                .open(1, "READ_ONLY", "bob", "h", "a", TTL)
                .get(0);
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> writeIds().allocate(t1, List.of(ids.get(0)), false));
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> writeIds().allocate(t1, List.of(ids.get(1)), false));
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> writeIds().allocate(t1, List.of(readOnly), false));
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> writeIds().allocate(t1, List.of(987_654_321L), false));
        assertCatalogError(
                ErrorCode.INVALID_STATE_CHANGE, () -> writeIds().allocate(t1, List.of(ids.get(2), ids.get(0)), false));
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> writeIds().allocate(t1, List.of(), false));
        assertThat(writeIds().lastWriteId(t1)).as("nothing was given").isZero();
        allocate(t1, ids.get(2));
        assertCatalogError(
                ErrorCode.INVALID_STATE_CHANGE, () -> writeIds().allocate(t1, List.of(ids.get(2), ids.get(3)), false));
        assertThat(writeIds().lastWriteId(t1)).isEqualTo(1);
        assertThat(writeIds().allocate(t1, List.of(ids.get(2), ids.get(3)), true))
                .as("reallocated: new ids in transaction order")
                .containsExactly(new TableWriteId(ids.get(2), 2), new TableWriteId(ids.get(3), 3));
    }

    @Test
    void aTransactionPastItsTtlGetsNoWriteId() {
        long id = catalog.acidTransactions()
                .open(1, "", "alice", "host", "agent", Duration.ofSeconds(5))
                .get(0);
        clock.advance(Duration.ofSeconds(6));
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> writeIds().allocate(newTable(), List.of(id), false));
    }

    /** Writes 1, 2 and 3 of one table by an aborted, an open and a committed transaction, in that order. */
    @Test
    void aReaderSeesTheWritesItsSnapshotSaysCommittedAsHms4Answers() {
        TableIdentifier table = newTable();
        List<Long> x = writers(table, 3);
        catalog.acidTransactions().abort(List.of(x.get(0)));
        catalog.acidTransactions().commit(x.get(2), true);

        assertThat(valid(table, x.get(2), Set.of(x.get(1)), Set.of(x.get(0))))
                .isEqualTo(new ValidWriteIds(table, 3, List.of(1L, 2L), Set.of(1L), OptionalLong.of(2)));
        assertThat(valid(table, x.get(2) + 5, Set.of(), Set.of()))
                .as("every writer committed")
                .isEqualTo(new ValidWriteIds(table, 3, List.of(), Set.of(), OptionalLong.empty()));
        // Below: nothing visible, so HMS 4 answers the lowest invalid write as the high-water mark.
        assertThat(valid(table, x.get(0) - 1, Set.of(), Set.of()))
                .as("a snapshot older than every writer")
                .isEqualTo(new ValidWriteIds(table, 1, List.of(1L), Set.of(), OptionalLong.of(1)));
        assertThat(valid(table, x.get(1), Set.of(x.get(1)), Set.of(x.get(0))))
                .as("a snapshot up to the open writer")
                .isEqualTo(new ValidWriteIds(table, 1, List.of(1L), Set.of(1L), OptionalLong.of(2)));
        assertThat(valid(table, x.get(0), Set.of(), Set.of(x.get(0))))
                .as("a snapshot up to the aborted writer")
                .isEqualTo(new ValidWriteIds(table, 1, List.of(1L), Set.of(1L), OptionalLong.empty()));
        TableIdentifier never = TableIdentifier.inDefaultCatalog("db", "never");
        assertThat(valid(never, x.get(2), Set.of(x.get(1)), Set.of(x.get(0))))
                .isEqualTo(new ValidWriteIds(never, 0, List.of(), Set.of(), OptionalLong.empty()));
    }

    @Test
    void concurrentWritersOfOneTableGetDistinctConsecutiveIds() throws Exception {
        TableIdentifier table = newTable();
        List<Long> ids = open(40);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Long>> given = new ArrayList<>();
            for (long id : ids) {
                Callable<Long> allocation = () -> {
                    start.await();
                    return allocate(table, id);
                };
                given.add(pool.submit(allocation));
            }
            start.countDown();
            List<Long> writeIds = new ArrayList<>();
            for (Future<Long> writeId : given) {
                writeIds.add(writeId.get());
            }
            assertThat(writeIds)
                    .containsExactlyInAnyOrderElementsOf(java.util.stream.LongStream.rangeClosed(1, 40)
                            .boxed()
                            .toList());
            assertThat(writeIds().lastWriteId(table)).isEqualTo(40);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Replication's seed (HMS 4's seed_write_id): a table without a counter numbers from the seed on. */
    @Test
    void aSeededTableNumbersFromTheSeedOnAndIsSeededOnce() {
        TableIdentifier table = newTable();
        writeIds().seed(table, 10);
        assertThat(writeIds().lastWriteId(table)).isEqualTo(10);
        assertThat(allocate(table, open(1).get(0))).isEqualTo(11);
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> writeIds().seed(table, 50))
                .hasMessageContaining("numbers its write ids already (up to 11)");
        assertThat(writeIds().lastWriteId(table)).as("nothing changed").isEqualTo(11);

        TableIdentifier allocated = newTable();
        allocate(allocated, open(1).get(0));
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> writeIds().seed(allocated, 5));
        assertThat(writeIds().lastWriteId(allocated)).isEqualTo(1);
    }

    /** Replication's write-id state (HMS's repl_tbl_writeid_state): applied once, aborted writes kept invalid. */
    @Test
    void aReplicatedStateIsAppliedOnceWithItsAbortedWritesInAbortedTransactions() {
        TableIdentifier table = newTable();
        List<TableWriteId> aborted =
                writeIds().replicate(table, 5, List.of(4L, 2L), "repl", "host").orElseThrow();
        assertThat(aborted).extracting(TableWriteId::writeId).containsExactly(2L, 4L);
        long first = aborted.get(0).transactionId();
        assertThat(aborted.get(1).transactionId()).isEqualTo(first + 1);
        assertThat(catalog.acidTransactions().list().transactions())
                .filteredOn(t -> t.id() == first || t.id() == first + 1)
                .extracting(t -> t.state())
                .containsExactly(
                        dev.lakegate.catalog.server.model.AcidTransaction.State.ABORTED,
                        dev.lakegate.catalog.server.model.AcidTransaction.State.ABORTED);
        assertThat(writeIds().lastWriteId(table)).isEqualTo(5);
        long reader = open(1).get(0);
        assertThat(valid(table, reader, Set.of(reader), Set.of(first, first + 1)))
                .as("no write visible: HMS answers the lowest invalid one as the mark")
                .isEqualTo(new ValidWriteIds(table, 2, List.of(2L), Set.of(2L), OptionalLong.empty()));
        assertThat(allocate(table, reader)).isEqualTo(6);

        assertThat(writeIds().replicate(table, 9, List.of(3L), "repl", "host"))
                .as("a table that numbers its writes is left as it is")
                .isEmpty();
        assertThat(writeIds().lastWriteId(table)).isEqualTo(6);
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT, () -> writeIds().replicate(newTable(), 3, List.of(4L), "repl", "host"));
    }
}

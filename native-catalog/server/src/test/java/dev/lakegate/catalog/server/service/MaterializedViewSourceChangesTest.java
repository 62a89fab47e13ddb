package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.AcidWrite.Operation;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.Compaction.Type;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.MaterializedViewSource;
import dev.lakegate.catalog.server.model.MaterializedViewSourceChanges;
import dev.lakegate.catalog.server.model.MaterializedViewSourceCount;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What the catalog answers Hive's optimizer about a materialized view's sources on a real store: committed
 * updates and deletes of writes the view's build did not see, for the reader's snapshot, and compactions.
 */
abstract class MaterializedViewSourceChangesTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(60);

    private long open() {
        return catalog.acidTransactions()
                .open(1, "", "alice", "host-1", "test-agent", TTL)
                .get(0);
    }

    /** A committed transaction's write of {@code table}: its write id. */
    private long write(TableIdentifier table, Operation operation) {
        long txn = open();
        long writeId = catalog.acidWriteIds()
                .allocate(table, List.of(txn), false)
                .get(0)
                .writeId();
        catalog.acidTransactions().recordWrites(txn, writeId, table, List.of("p=1"), operation);
        catalog.acidTransactions().commit(txn, true);
        return writeId;
    }

    private static AcidSnapshot everythingCommitted() {
        return new AcidSnapshot(Long.MAX_VALUE, Set.of(), Set.of());
    }

    private MaterializedViewSourceChanges changes(MaterializedViewSource source, AcidSnapshot snapshot) {
        return catalog.materializedViews().sourceChanges(List.of(source), snapshot);
    }

    @Test
    void anUpdateOrDeleteTheBuildDidNotSeeIsAChange() {
        TableIdentifier table = TableIdentifier.inDefaultCatalog("views", "updated");
        long inserted = write(table, Operation.INSERT);
        assertThat(changes(new MaterializedViewSource(table, 0, Set.of()), everythingCommitted()))
                .as("an insert is no such change")
                .isEqualTo(new MaterializedViewSourceChanges(false, false));
        long updated = write(table, Operation.UPDATE);
        assertThat(changes(new MaterializedViewSource(table, inserted, Set.of()), everythingCommitted())
                        .updatedOrDeleted())
                .isTrue();
        assertThat(changes(new MaterializedViewSource(table, updated, Set.of()), everythingCommitted())
                        .updatedOrDeleted())
                .as("the build saw it")
                .isFalse();
        assertThat(changes(new MaterializedViewSource(table, updated, Set.of(updated)), everythingCommitted())
                        .updatedOrDeleted())
                .as("open when the view was built")
                .isTrue();
        long deleted = write(table, Operation.DELETE);
        assertThat(changes(new MaterializedViewSource(table, updated, Set.of()), everythingCommitted())
                        .updatedOrDeleted())
                .isTrue();
        long reader = catalog.acidTransactions().list().highWaterMark();
        assertThat(changes(
                                new MaterializedViewSource(table, updated, Set.of()),
                                new AcidSnapshot(reader - 1, Set.of(), Set.of()))
                        .updatedOrDeleted())
                .as("a reader that began before the delete committed does not see it")
                .isFalse();
        assertThat(deleted).isGreaterThan(updated);
    }

    @Test
    void aQueuedCompactionOrOneThatCompactedUnseenWritesIsAChange() {
        TableIdentifier table = TableIdentifier.inDefaultCatalog("views", "compacted");
        long written = write(table, Operation.INSERT);
        MaterializedViewSource source = new MaterializedViewSource(table, written, Set.of());
        assertThat(changes(source, everythingCommitted()).compacted()).isFalse();
        catalog.compactionQueue().enqueue(CompactionRequest.of(table, Optional.empty(), Type.MAJOR));
        assertThat(changes(source, everythingCommitted()).compacted()).isTrue();
    }

    @Test
    void theCleanerForgetsTheUpdatesItCompacted() {
        TableIdentifier table = TableIdentifier.inDefaultCatalog("views", "cleaned");
        long updated = write(table, Operation.UPDATE);
        MaterializedViewSource builtBefore = new MaterializedViewSource(table, 0, Set.of());
        assertThat(changes(builtBefore, everythingCommitted()).updatedOrDeleted())
                .isTrue();
        long compaction = catalog.compactionQueue()
                .submitForCleanup(CompactionRequest.of(table, Optional.empty(), Type.MAJOR), updated, 0);
        catalog.compactionQueue().markCleaned(compaction);
        assertThat(changes(builtBefore, everythingCommitted()))
                .as("as HMS: the update is compacted away, and the compaction says so")
                .isEqualTo(new MaterializedViewSourceChanges(false, true));
        long later = write(table, Operation.DELETE);
        assertThat(changes(new MaterializedViewSource(table, updated, Set.of()), everythingCommitted()))
                .isEqualTo(new MaterializedViewSourceChanges(true, false));
        assertThat(later).isGreaterThan(updated);
    }

    /** As HMS 4.0.1's MV_TABLES_USED counts: per view and source id, added to by id, with the view's name. */
    @Test
    void viewsCountTheirSourcesWritesByIdAndKeepThemWithTheirName() {
        RequestContext context = RequestContext.of("tester");
        String namespace = "counting" + System.nanoTime();
        catalog.createNamespace(Namespace.of(namespace), context);
        Table view = catalog.createTable(CatalogFixtures.hiveTable(namespace, "mv"), context);
        Table other = catalog.createTable(CatalogFixtures.hiveTable(namespace, "mv2"), context);
        MaterializedViewTransactions views = catalog.materializedViews();
        views.replaceSourceCounts(
                view.identifier(),
                List.of(new MaterializedViewSourceCount(11, 0, 0, 0), new MaterializedViewSourceCount(12, 5, 0, 0)));
        views.replaceSourceCounts(other.identifier(), List.of(new MaterializedViewSourceCount(11, 1, 1, 1)));

        assertThat(views.addToSourceCounts(new MaterializedViewSourceCount(11, 3, 2, 1)))
                .isEqualTo(2);
        assertThat(views.addToSourceCounts(new MaterializedViewSourceCount(11, 3, 2, 1)))
                .isEqualTo(2);
        assertThat(views.addToSourceCounts(new MaterializedViewSourceCount(99, 3, 2, 1)))
                .as("a source no view counts: nothing changes")
                .isZero();
        assertThat(views.sourceCounts(view.identifier()))
                .containsExactly(
                        new MaterializedViewSourceCount(11, 6, 4, 2), new MaterializedViewSourceCount(12, 5, 0, 0));
        assertThat(views.sourceCounts(other.identifier()))
                .containsExactly(new MaterializedViewSourceCount(11, 7, 5, 3));

        views.replaceSourceCounts(view.identifier(), List.of(new MaterializedViewSourceCount(11, 0, 0, 0)));
        assertThat(views.sourceCounts(view.identifier()))
                .as("the view's metadata written again")
                .containsExactly(new MaterializedViewSourceCount(11, 0, 0, 0));

        TableIdentifier moved = TableIdentifier.inDefaultCatalog(namespace, "moved");
        catalog.commitTable(
                new TableCommit(view.identifier(), List.of(), List.of(new TableUpdate.Rename(moved))), context);
        assertThat(views.sourceCounts(view.identifier())).isEmpty();
        assertThat(views.sourceCounts(moved)).containsExactly(new MaterializedViewSourceCount(11, 0, 0, 0));
        catalog.deleteTable(moved, Optional.empty(), context);
        assertThat(views.sourceCounts(moved)).as("gone with the view's drop").isEmpty();
        assertThat(views.addToSourceCounts(new MaterializedViewSourceCount(11, 1, 0, 0)))
                .isEqualTo(1);

        assertThatThrownBy(() -> views.replaceSourceCounts(moved, List.of()))
                .isInstanceOfSatisfying(
                        CatalogException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.TABLE_NOT_FOUND));
    }
}

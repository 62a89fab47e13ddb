package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.AcidWrite.Operation;
import dev.lakegate.catalog.server.model.Compaction.Type;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.model.MaterializedViewSource;
import dev.lakegate.catalog.server.model.MaterializedViewSourceChanges;
import dev.lakegate.catalog.server.model.TableIdentifier;
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
}

package dev.lakegate.catalog.server.commit;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.LakeState;
import dev.lakegate.catalog.server.model.PartitionRewrite;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One attempt at committing to one or more tables inside a store transaction: read each table under
 * a row lock, check its requirements (a failure throws at once), apply its updates, then
 * compare-and-swap each on its version. The lock makes a lost swap rare (another process renamed or
 * the engine let a write through); the version check keeps it harmless: a lost swap throws
 * {@link SwapRetry#lost()}, rolling back every table of the attempt. A commit may also rewrite all of a
 * table's partitions ({@link PartitionRewriter}), after the table's swap and in the same transaction.
 *
 * <p>Lake tables: a commit that moves an Iceberg table's metadata pointer (HiveCatalog's alter_table)
 * records what the new file says; a commit through the catalog's own API that changes what Iceberg
 * metadata holds writes the next metadata file first and points the table at it, so that Iceberg
 * readers through either door see the change.
 */
public final class TableCommitter {

    private final Function<TableIdentifier, TableIdentifier> normalize;
    private final MetadataWriter metadataWriter;

    /** HiveCatalog's table property for the metadata file before the current one. */
    static final String PREVIOUS_METADATA_LOCATION = "previous_metadata_location";

    /** Writes a lake table's next metadata file for changes made through the catalog's API. */
    public interface MetadataWriter {
        /** Whether this table's metadata file is one the writer can read and follow. */
        boolean canWrite(Table table);

        /**
         * The file written for {@code updates} on {@code current} ({@code applied} is the table with
         * them applied), or empty when none of them is held in the metadata file.
         */
        Optional<WrittenMetadata> write(Table current, Table applied, List<TableUpdate> updates);

        /** Removes a file written for an attempt that did not commit. */
        void discard(String location);

        MetadataWriter NONE = new MetadataWriter() {
            @Override
            public boolean canWrite(Table table) {
                return false;
            }

            @Override
            public Optional<WrittenMetadata> write(Table current, Table applied, List<TableUpdate> updates) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void discard(String location) {
                throw new UnsupportedOperationException();
            }
        };
    }

    /** {@code normalize} validates and lower-cases a table identifier (a rename target). */
    public TableCommitter(Function<TableIdentifier, TableIdentifier> normalize, MetadataWriter metadataWriter) {
        this.normalize = requireNonNull(normalize, "normalize is null");
        this.metadataWriter = requireNonNull(metadataWriter, "metadataWriter is null");
    }

    /**
     * Who commits, under which request id, and whether through the Hive door (Hive Metastore
     * semantics: a lake table's metadata file is the engine's, the catalog writes none).
     */
    public record Origin(String principal, String requestId, boolean hiveSemantics) {}

    /**
     * {@code lakeStates} says what an Iceberg metadata file a commit points a table at holds (empty
     * where the catalog cannot read it); callers read them before the transaction where they can.
     * Files written for an attempt that throws are removed again.
     */
    public List<Table> attempt(
            StoreTransaction transaction,
            List<TableCommit> commits,
            Instant now,
            Origin origin,
            Function<String, Optional<LakeState>> lakeStates) {
        List<String> written = new ArrayList<>();
        try {
            return attempt(transaction, commits, now, origin, lakeStates, written);
        } catch (RuntimeException e) {
            written.forEach(metadataWriter::discard);
            throw e;
        }
    }

    private List<Table> attempt(
            StoreTransaction transaction,
            List<TableCommit> commits,
            Instant now,
            Origin origin,
            Function<String, Optional<LakeState>> lakeStates,
            List<String> written) {
        // Row locks are taken in name order, so two transactions over the same tables cannot deadlock.
        List<TableCommit> lockOrder = new ArrayList<>(commits);
        lockOrder.sort(
                Comparator.comparing((TableCommit commit) -> commit.table().namespace())
                        .thenComparing(commit -> commit.table().name()));
        Map<TableIdentifier, Change> byTable = new HashMap<>();
        for (TableCommit commit : lockOrder) {
            Table current = transaction
                    .findTableForUpdate(commit.table())
                    .orElseThrow(() -> CatalogException.tableNotFound(commit.table()));
            for (TableRequirement requirement : commit.requirements()) {
                RequirementCheck.check(current, requirement);
            }
            Table after = commit.rewritesPartitionsOnly()
                    ? current
                    : apply(transaction, current, commit, now, origin.hiveSemantics(), lakeStates, written);
            byTable.put(
                    commit.table(),
                    new Change(
                            current,
                            after,
                            commit.updates(),
                            commit.partitionRewrite(),
                            commit.rewritesPartitionsOnly()));
        }
        List<Change> changes =
                commits.stream().map(commit -> byTable.get(commit.table())).toList();
        for (Change change : changes) {
            if (!change.partitionsOnly() && !transaction.swapTable(change.before(), change.after())) {
                throw SwapRetry.lost();
            }
        }
        List<Table> committed = new ArrayList<>();
        for (Change change : changes) {
            Table before = change.before().withoutSnapshots();
            Table after = change.after().withoutSnapshots();
            if (!change.partitionsOnly()) {
                transaction.recordEvent(
                        now,
                        origin.principal(),
                        EventType.TABLE_COMMITTED,
                        after.catalog(),
                        after.namespace(),
                        after.name(),
                        origin.requestId(),
                        new EventChange.TableChange(Optional.of(before), Optional.of(after), change.updates()));
            }
            // After the table's own change, so that its partitions' events carry the table as committed.
            if (change.partitionRewrite().isPresent()) {
                PartitionRewriter.rewrite(
                        transaction, after, change.partitionRewrite().get(), now, origin);
            }
            committed.add(after);
        }
        return committed;
    }

    private Table apply(
            StoreTransaction transaction,
            Table current,
            TableCommit commit,
            Instant now,
            boolean hiveSemantics,
            Function<String, Optional<LakeState>> lakeStates,
            List<String> written) {
        UpdateApplier applier = new UpdateApplier(current);
        for (TableUpdate update : commit.updates()) {
            if (update instanceof TableUpdate.Rename rename) {
                // A table stays in its catalog: a rename moves it within it, whatever catalog the target names.
                TableIdentifier target = normalize.apply(rename.to()).withCatalog(current.catalog());
                if (transaction
                        .findNamespace(target.catalog(), target.namespace())
                        .isEmpty()) {
                    throw CatalogException.namespaceNotFound(target.namespace());
                }
                update = new TableUpdate.Rename(target);
            }
            applier.apply(update);
        }
        Table.Builder result = applier.result();
        Table applied = result.build();
        boolean movesPointer = !applied.metadataLocation().equals(current.metadataLocation());
        if (!hiveSemantics && !movesPointer && metadataWriter.canWrite(current)) {
            TableValidator.validate(applied, true);
            Optional<WrittenMetadata> file = metadataWriter.write(current, applied, commit.updates());
            if (file.isPresent()) {
                written.add(file.get().location());
                result = file.get()
                        .state()
                        .applyTo(result)
                        .metadataLocation(file.get().location());
                result.properties().put(PREVIOUS_METADATA_LOCATION, current.metadataLocation());
            }
        } else if (movesPointer
                && applied.format() == TableFormat.ICEBERG
                && !applied.metadataLocation().isEmpty()) {
            Optional<LakeState> state = lakeStates.apply(applied.metadataLocation());
            if (state.isPresent()) {
                result = state.get().applyTo(result);
            }
        }
        Table next = result.version(current.version() + 1).updateTime(now).build();
        TableValidator.validate(next, true);
        return next;
    }

    private record Change(
            Table before,
            Table after,
            List<TableUpdate> updates,
            Optional<PartitionRewrite> partitionRewrite,
            boolean partitionsOnly) {}
}

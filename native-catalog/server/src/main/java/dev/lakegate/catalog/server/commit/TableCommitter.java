package dev.lakegate.catalog.server.commit;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.LakeState;
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
 * {@link SwapRetry#lost()}, rolling back every table of the attempt.
 */
public final class TableCommitter {

    private final Function<TableIdentifier, TableIdentifier> normalize;
    private final Function<String, Optional<LakeState>> lakeStates;
    private final MetadataWriter metadataWriter;

    /** HiveCatalog's table property for the metadata file before the current one. */
    static final String PREVIOUS_METADATA_LOCATION = "previous_metadata_location";

    /** Writes a lake table's next metadata file with branch and tag changes. */
    public interface MetadataWriter {
        /** Whether this table's metadata file is one the writer can read and follow. */
        boolean canWrite(Table table);

        /** The location of the new metadata file: the one at {@code location} with these ref updates. */
        String write(String location, List<TableUpdate> refUpdates);

        MetadataWriter NONE = new MetadataWriter() {
            @Override
            public boolean canWrite(Table table) {
                return false;
            }

            @Override
            public String write(String location, List<TableUpdate> refUpdates) {
                throw new UnsupportedOperationException();
            }
        };
    }

    /**
     * {@code normalize} validates and lower-cases a table identifier (a rename target);
     * {@code lakeStates} reads what an Iceberg metadata file says (empty where it cannot be read).
     */
    public TableCommitter(Function<TableIdentifier, TableIdentifier> normalize,
            Function<String, Optional<LakeState>> lakeStates, MetadataWriter metadataWriter) {
        this.normalize = requireNonNull(normalize, "normalize is null");
        this.lakeStates = requireNonNull(lakeStates, "lakeStates is null");
        this.metadataWriter = requireNonNull(metadataWriter, "metadataWriter is null");
    }

    public List<Table> attempt(StoreTransaction transaction, List<TableCommit> commits, Instant now,
            String principal, String requestId) {
        // Row locks are taken in name order, so two transactions over the same tables cannot deadlock.
        List<TableCommit> lockOrder = new ArrayList<>(commits);
        lockOrder.sort(Comparator.comparing((TableCommit commit) -> commit.table().namespace())
                .thenComparing(commit -> commit.table().name()));
        Map<TableIdentifier, Change> byTable = new HashMap<>();
        for (TableCommit commit : lockOrder) {
            Table current = transaction.findTableForUpdate(commit.table())
                    .orElseThrow(() -> CatalogException.tableNotFound(commit.table()));
            for (TableRequirement requirement : commit.requirements()) {
                RequirementCheck.check(current, requirement);
            }
            byTable.put(commit.table(),
                    new Change(current, apply(transaction, current, commit.updates(), now), commit.updates()));
        }
        List<Change> changes = commits.stream().map(commit -> byTable.get(commit.table())).toList();
        for (Change change : changes) {
            if (!transaction.swapTable(change.before(), change.after())) {
                throw SwapRetry.lost();
            }
        }
        List<Table> committed = new ArrayList<>();
        for (Change change : changes) {
            Table before = change.before().withoutSnapshots();
            Table after = change.after().withoutSnapshots();
            transaction.recordEvent(now, principal, EventType.TABLE_COMMITTED, after.namespace(), after.name(),
                    requestId, new EventChange.TableChange(Optional.of(before), Optional.of(after), change.updates()));
            committed.add(after);
        }
        return committed;
    }

    private Table apply(StoreTransaction transaction, Table current, List<TableUpdate> updates, Instant now) {
        UpdateApplier applier = new UpdateApplier(current);
        for (TableUpdate update : updates) {
            if (update instanceof TableUpdate.Rename rename) {
                TableIdentifier target = normalize.apply(rename.to());
                if (transaction.findNamespace(target.namespace()).isEmpty()) {
                    throw CatalogException.namespaceNotFound(target.namespace());
                }
                update = new TableUpdate.Rename(target);
            }
            applier.apply(update);
        }
        Table.Builder result = applier.result();
        Table applied = result.build();
        // Branch and tag changes made through the catalog's own API on an Iceberg table whose metadata
        // file the catalog can read go into a new metadata file, so that Iceberg readers (through the
        // facade too) see them; the pointer moves to it and the HMS-visible previous location follows.
        List<TableUpdate> refUpdates = updates.stream()
                .filter(u -> u instanceof TableUpdate.SetRef || u instanceof TableUpdate.RemoveRef).toList();
        boolean movesPointer = updates.stream().anyMatch(u -> u instanceof TableUpdate.SetMetadataLocation);
        if (!refUpdates.isEmpty() && !movesPointer && metadataWriter.canWrite(current)) {
            TableValidator.validate(applied, true);
            String written = metadataWriter.write(current.metadataLocation(), refUpdates);
            result.metadataLocation(written);
            result.properties().put(PREVIOUS_METADATA_LOCATION, current.metadataLocation());
            applied = result.build();
        }
        // A commit that moves an Iceberg table's metadata pointer (HiveCatalog's alter_table) records
        // what the new metadata file says: its snapshots, refs, schemas and specs, in this transaction.
        if (applied.format() == TableFormat.ICEBERG && !applied.metadataLocation().isEmpty()
                && !applied.metadataLocation().equals(current.metadataLocation())) {
            Optional<LakeState> state = lakeStates.apply(applied.metadataLocation());
            if (state.isPresent()) {
                result = state.get().applyTo(result);
            }
        }
        Table next = result.version(current.version() + 1).updateTime(now).build();
        TableValidator.validate(next, true);
        return next;
    }

    private record Change(Table before, Table after, List<TableUpdate> updates) {}
}

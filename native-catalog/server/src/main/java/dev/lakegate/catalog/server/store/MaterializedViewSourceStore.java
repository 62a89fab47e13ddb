package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.MaterializedViewSource;
import dev.lakegate.catalog.server.model.MaterializedViewSourceCount;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.List;
import java.util.Optional;

/**
 * What the store keeps for Hive's check of materialized views: the updates and deletes of committed
 * transactions per table with their write ids (HMS's COMPLETED_TXN_COMPONENTS with CTC_UPDATE_DELETE), and
 * the compaction queue; and what each view counts of its sources' writes (HMS 4's MV_TABLES_USED counts).
 */
public interface MaterializedViewSourceStore {

    /** Keeps the tables a committing transaction updated or deleted in, with its write id of each. */
    void keepUpdatesAndDeletes(long transactionId);

    /** Whether a transaction committed for {@code snapshot} updated or deleted in a write the view did not see. */
    boolean updatedOrDeleted(MaterializedViewSource source, AcidSnapshot snapshot);

    /**
     * The Cleaner is done with a compaction of the table (or of one partition) up to {@code highestWriteId}: the
     * updates and deletes it compacted are forgotten, as HMS's markCleaned deletes them.
     */
    void forgetCompacted(TableIdentifier table, Optional<String> partition, long highestWriteId);

    /** The view counts these of its sources' writes from now on (the ones it had are replaced). */
    void replaceSourceCounts(TableIdentifier view, List<MaterializedViewSourceCount> counts);

    /** Adds a transaction's writes to what every view that uses the source counts: how many views that is. */
    int addToSourceCounts(MaterializedViewSourceCount written);

    /** What the view counts of its sources' writes, by source id. */
    List<MaterializedViewSourceCount> sourceCounts(TableIdentifier view);

    /** The table's updates and deletes, and the counts of a view, go with it to its new name. */
    void rename(TableIdentifier from, TableIdentifier to);

    /** The table was dropped: one made again under its name numbers its writes from 1, a view counts anew. */
    void forget(TableIdentifier table);
}

package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.AcidWrite;
import dev.lakegate.catalog.server.model.AcidWriteConflict;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.List;
import java.util.Optional;

/**
 * What Hive's open transactions write, and the updates and deletes of committed ones (their write sets),
 * for the write-write conflict check at commit.
 */
public interface AcidWriteStore {

    /** Records writes of an open transaction, each with the write id the transaction holds for its table. */
    void record(long transactionId, List<AcidWrite> writes);

    /** Records writes of an open transaction with the write id it reports. */
    void record(long transactionId, long writeId, List<AcidWrite> writes);

    /** Forgets the transaction's whole-table writes of {@code table} (once it reports the partitions). */
    void forgetWholeTable(long transactionId, TableIdentifier table);

    /** Whether the transaction updates or deletes anything. */
    boolean updatesOrDeletes(long transactionId);

    /**
     * Orders this commit after every open of a transaction under way and before every later one, until the
     * store transaction ends: one commit that updates or deletes at a time.
     */
    void lockCommitOrder();

    /** Lets the commits that hold the order finish before transactions are opened (many opens at once). */
    void shareCommitOrder();

    /**
     * An update or delete of the transaction that overlaps one committed with a commit id from {@code
     * transactionId} on (its commit id left 0), the earliest committed first.
     */
    Optional<AcidWriteConflict> firstConflict(long transactionId);

    /**
     * The highest id of a committed transaction with a commit id from {@code transactionId} on that updated or
     * deleted where the transaction does (its whole-table writes meet every partition); 0 if none.
     */
    long latestConflict(long transactionId);

    /** Adds the transaction's updates and deletes to the write sets, with its commit id. */
    void addToWriteSets(long transactionId, long commitId);

    /** Drops the write sets of commits before {@code commitId}: no open transaction overlaps them. */
    void dropWriteSetsBefore(long commitId);

    /** What open transactions write to the table, and the write sets of it, go with it to its new name. */
    void rename(TableIdentifier from, TableIdentifier to);

    /** Forgets what the transaction writes (it has ended). */
    void forget(long transactionId);
}

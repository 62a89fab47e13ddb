package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableWriteId;
import java.util.List;
import java.util.Optional;

/** Hive's write ids in the store, per table by name; the next-id row of a table orders its allocations. */
public interface AcidWriteIdStore {

    /** The write ids of {@code table} that {@code transactionIds} hold already. */
    List<TableWriteId> find(TableIdentifier table, List<Long> transactionIds);

    /** The table's write ids, and its next one, go with it to its new name (HMS's onRename). */
    void rename(TableIdentifier from, TableIdentifier to);

    /** Forgets the table's write ids (it was dropped: one made again under its name numbers from 1). */
    void forget(TableIdentifier table);

    /**
     * Forgets up to {@code limit} write ids of transactions below {@code bound}, the lowest first (the
     * housekeeping's, once no reader may name them): how many. Each table's next write id stays.
     */
    int forgetOfTransactionsBelow(long bound, int limit);

    /**
     * Takes the table's next {@code count} write ids (from 1 for a table that never had one): the first of
     * them. The table's counter stays locked until the store transaction ends.
     */
    long takeWriteIds(TableIdentifier table, int count);

    void insert(TableIdentifier table, List<TableWriteId> writeIds);

    /**
     * Replication's seed: the table's next write id becomes {@code nextWriteId}, if it has no counter yet;
     * whether it was set (false: the table numbers its writes already, and nothing changed).
     */
    boolean seed(TableIdentifier table, long nextWriteId);

    /** Drops the write ids of {@code table} that {@code transactionIds} hold. */
    void delete(TableIdentifier table, List<Long> transactionIds);

    /** The highest write id given to {@code table}, 0 before the first. */
    long lastWriteId(TableIdentifier table);

    /** The transaction {@code table}'s write id {@code writeId} was given to, if it is kept. */
    Optional<Long> transactionOf(TableIdentifier table, long writeId);

    /**
     * What a reader's valid write-id list of {@code table} is made of, read at once: the highest write id held
     * by a transaction up to {@code highWaterMark} (the reader's), the table's last write id, whether a
     * transaction before {@code firstNotCommitted} holds one, and the write ids of the transactions from
     * {@code firstNotCommitted} on.
     */
    WritesForReader writesForReader(TableIdentifier table, long highWaterMark, long firstNotCommitted);

    /**
     * The parts of a reader's list: {@code highestUpTo} 0 when no transaction up to the reader's high-water
     * mark holds a write id, {@code last} 0 before the first; {@code from} by write id, up to
     * {@code highestUpTo} only when that is above 0.
     */
    record WritesForReader(long highestUpTo, long last, boolean anyBefore, List<TableWriteId> from) {}
}

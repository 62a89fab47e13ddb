package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.AcidTransaction;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Hive's ACID transactions in the store; reads for update lock the rows until the store transaction ends. */
public interface AcidTransactionStore {

    /** {@code count} new ids from the store's sequence, in order: ids only grow, across every process on the store. */
    List<Long> nextIds(int count);

    void insert(List<AcidTransaction> transactions);

    /** Replication's seed: the next id {@link #nextIds} gives is {@code next}. */
    void restartIds(long next);

    Optional<AcidTransaction> findForUpdate(long id);

    /** Those of ids {@code first} to {@code last} (inclusive) that exist, by id. */
    List<AcidTransaction> findForUpdate(long first, long last);

    /** Those of {@code ids} that exist, by id. */
    List<AcidTransaction> findForUpdate(List<Long> ids);

    /** Writes each one's state, last heartbeat and expire time. */
    void update(List<AcidTransaction> transactions);

    /** The open and aborted ones (an open one may be past its expire time), by id. */
    List<AcidTransaction> listNotCommitted();

    /** The highest id given, 0 before the first. */
    long highWaterMark();

    /** The lowest id of an open transaction (one past its expire time included), or {@code otherwise}. */
    long lowestOpenId(long otherwise);

    /**
     * The lowest transaction id that a reader may still name as open or aborted: the lowest open when any
     * open transaction was opened, the lowest aborted one, else one past the highest id (0 before the first).
     */
    long lowestSeenByAReader();

    /** Up to {@code limit} ids of open transactions past their expire time at {@code now}, by id. */
    List<Long> expiredOpen(Instant now, int limit);

    /** Forgets up to {@code limit} committed transactions with ids below {@code bound}, the lowest first: how many. */
    int forgetCommittedBelow(long bound, int limit);

    /**
     * Forgets up to {@code limit} aborted transactions with ids below {@code bound} that were given no write id
     * and compact nothing not yet cleaned (see {@link CompactionQueueStore#recordCompactor}), the lowest first:
     * how many.
     */
    int forgetAbortedWithoutWritesBelow(long bound, int limit);

    /** Releases the leases (Hive's locks) taken inside the transaction, with their resources, in one statement. */
    void releaseLeases(long id);

    /** Keeps the leases taken inside the transaction alive until {@code expireTime}. */
    void extendLeases(long id, Instant expireTime);
}

package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.ScheduledExecution;
import dev.lakegate.catalog.server.model.ScheduledQuery;
import dev.lakegate.catalog.server.model.ScheduledQueryKey;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Scheduled queries and their executions; every write of them holds the lock {@link #lock()} takes. */
public interface ScheduledQueryStore {

    /** Takes the store-wide scheduled-query lock until this transaction ends. */
    void lock();

    void insert(ScheduledQuery query);

    Optional<ScheduledQuery> find(ScheduledQueryKey key);

    /** The enabled, idle query of the namespace whose next execution is the earliest at or before {@code now}. */
    Optional<ScheduledQuery> findDue(String clusterNamespace, Instant now);

    void update(ScheduledQuery query);

    /** Deletes the query and its executions. */
    void delete(ScheduledQueryKey key);

    long nextExecutionId();

    /**
     * Records {@code execution} as the query's active run and moves its next execution, only if no run
     * is active; answers whether it did.
     */
    boolean start(ScheduledQuery query, ScheduledExecution execution);

    Optional<ScheduledExecution> findExecution(long id);

    List<ScheduledExecution> listExecutions(ScheduledQueryKey key);

    void updateExecution(ScheduledExecution execution);

    /** Runs still INITED or EXECUTING whose last report is at or before {@code lastUpdate}. */
    List<ScheduledExecution> listStuck(Instant lastUpdate);

    /** Deletes ended runs started at or before {@code start}; returns how many. */
    int deleteEndedStartedBefore(Instant start);
}

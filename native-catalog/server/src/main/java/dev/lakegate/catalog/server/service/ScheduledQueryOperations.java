package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.ScheduledExecution;
import dev.lakegate.catalog.server.model.ScheduledExecution.State;
import dev.lakegate.catalog.server.model.ScheduledProgress;
import dev.lakegate.catalog.server.model.ScheduledQuery;
import dev.lakegate.catalog.server.model.ScheduledQueryKey;
import dev.lakegate.catalog.server.model.ScheduledRun;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Scheduled queries and their runs. Every write holds the store-wide scheduled-query lock, so a poll
 * decides which query is due and opens its run as one step across processes: two pollers never get
 * the same run. Next execution times come from the cron schedule, after the current time.
 */
final class ScheduledQueryOperations {

    /** An error message is kept to its first line and this many characters once it is this long. */
    static final int MAX_ERROR_MESSAGE = 1000;

    /** A run with no report for this long is timed out (HMS's metastore.scheduled.queries.execution.timeout). */
    static final Duration PROGRESS_TIMEOUT = Duration.ofSeconds(120);

    /** Ended runs are kept this long after they started (HMS's metastore.scheduled.queries.execution.max.age). */
    static final Duration MAX_AGE = Duration.ofDays(30);

    private final Writes writes;

    ScheduledQueryOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    /** A new query, enabled or not as given, due first at its schedule's next time. */
    ScheduledQuery create(ScheduledQuery requested) {
        return writes.transact(tx -> {
            tx.lockScheduledQueries();
            if (tx.findScheduledQuery(requested.key()).isPresent()) {
                throw new CatalogException(
                        ErrorCode.SCHEDULED_QUERY_ALREADY_EXISTS,
                        "scheduled query " + requested.key() + " already exists",
                        metadata(requested.key()));
            }
            ScheduledQuery query = requested
                    .withNextExecution(nextAfterNow(requested.schedule()))
                    .withActiveExecution(Optional.empty());
            tx.insertScheduledQuery(query);
            return query;
        });
    }

    /**
     * Replaces what an alter may change (enabled, schedule, user, query); the next execution is the one
     * asked for, or else the new schedule's next time. A run under way stays active.
     */
    ScheduledQuery alter(ScheduledQuery requested, Optional<Instant> nextExecution) {
        return writes.transact(tx -> {
            tx.lockScheduledQueries();
            ScheduledQuery current = existing(tx, requested.key());
            Optional<Instant> next = nextExecution.isPresent() ? nextExecution : nextAfterNow(requested.schedule());
            ScheduledQuery altered = requested.withNextExecution(next).withActiveExecution(current.activeExecution());
            tx.updateScheduledQuery(altered);
            return altered;
        });
    }

    ScheduledQuery enable(ScheduledQueryKey key, boolean enabled) {
        return writes.transact(tx -> {
            tx.lockScheduledQueries();
            ScheduledQuery current = existing(tx, key);
            ScheduledQuery changed = new ScheduledQuery(
                    key,
                    enabled,
                    current.schedule(),
                    current.user(),
                    current.query(),
                    current.nextExecution(),
                    current.activeExecution());
            tx.updateScheduledQuery(changed);
            return changed;
        });
    }

    void drop(ScheduledQueryKey key) {
        writes.transact(tx -> {
            tx.lockScheduledQueries();
            existing(tx, key);
            tx.deleteScheduledQuery(key);
            return null;
        });
    }

    ScheduledQuery get(ScheduledQueryKey key) {
        return writes.read(tx -> existing(tx, key));
    }

    List<ScheduledExecution> executions(ScheduledQueryKey key) {
        return writes.read(tx -> {
            existing(tx, key);
            return tx.listScheduledExecutions(key);
        });
    }

    /**
     * Hands out the namespace's query that is due soonest (enabled, idle, next execution not after
     * now): opens its run INITED and moves its next execution to the schedule's next time after now.
     */
    Optional<ScheduledRun> poll(String clusterNamespace) {
        requireNonNull(clusterNamespace, "clusterNamespace is null");
        return writes.transact(tx -> {
            tx.lockScheduledQueries();
            Instant now = writes.now();
            maintain(tx, now);
            Optional<ScheduledQuery> due = tx.findDueScheduledQuery(clusterNamespace, now);
            if (due.isEmpty()) {
                return Optional.<ScheduledRun>empty();
            }
            long id = tx.nextScheduledExecutionId();
            ScheduledQuery started = due.get()
                    .withNextExecution(CronSchedule.parse(due.get().schedule()).nextAfter(now))
                    .withActiveExecution(Optional.of(id));
            ScheduledExecution execution =
                    new ScheduledExecution(id, started.key(), State.INITED, now, Optional.empty(), now, "", "");
            if (!tx.startScheduledExecution(started, execution)) {
                return Optional.<ScheduledRun>empty();
            }
            return Optional.of(new ScheduledRun(started, id));
        });
    }

    /**
     * Records a run's progress. A run goes from INITED to any other state and from EXECUTING to
     * EXECUTING or a final state; a final state sets its end time and lets its query run again.
     */
    ScheduledExecution progress(ScheduledProgress progress) {
        return writes.transact(tx -> {
            tx.lockScheduledQueries();
            ScheduledExecution current = tx.findScheduledExecution(progress.executionId())
                    .orElseThrow(() -> new CatalogException(
                            ErrorCode.SCHEDULED_EXECUTION_NOT_FOUND,
                            "scheduled execution " + progress.executionId() + " does not exist",
                            Map.of("execution", Long.toString(progress.executionId()))));
            State to = progress.state();
            if (!allowed(current.state(), to)) {
                throw stateChange(
                        "invalid state change of scheduled execution " + current.id() + ": " + current.state() + " => "
                                + to,
                        current.state(),
                        to);
            }
            if (to == State.AUTO_DISABLED) {
                throw stateChange("a run cannot be reported " + to, current.state(), to);
            }
            Instant now = writes.now();
            ScheduledExecution changed = new ScheduledExecution(
                    current.id(),
                    current.key(),
                    to,
                    current.startTime(),
                    to.isFinal() ? Optional.of(now) : current.endTime(),
                    now,
                    progress.executorQueryId().orElse(current.executorQueryId()),
                    progress.errorMessage()
                            .map(ScheduledQueryOperations::abbreviated)
                            .orElse(current.errorMessage()));
            tx.updateScheduledExecution(changed);
            if (to.isFinal()) {
                freeQuery(tx, current);
            }
            return changed;
        });
    }

    /**
     * What HMS's maintenance task does every minute, done by every poll before it looks for a due query:
     * a run whose engine stopped reporting times out (its query may run again), and old runs go.
     */
    private static void maintain(StoreTransaction tx, Instant now) {
        for (ScheduledExecution stuck : tx.listStuckScheduledExecutions(now.minus(PROGRESS_TIMEOUT))) {
            ScheduledExecution timedOut = new ScheduledExecution(
                    stuck.id(),
                    stuck.key(),
                    State.TIMED_OUT,
                    stuck.startTime(),
                    Optional.of(now),
                    now,
                    stuck.executorQueryId(),
                    "Query stuck in: " + stuck.state() + " state for >" + PROGRESS_TIMEOUT.toSeconds()
                            + " seconds. Execution timed out.");
            tx.updateScheduledExecution(timedOut);
            freeQuery(tx, stuck);
        }
        tx.deleteScheduledExecutionsStartedBefore(now.minus(MAX_AGE));
    }

    /** Lets the run's query be due again, if this run is the one it waits on. */
    private static void freeQuery(StoreTransaction tx, ScheduledExecution run) {
        tx.findScheduledQuery(run.key())
                .filter(query -> query.activeExecution().equals(Optional.of(run.id())))
                .ifPresent(query -> tx.updateScheduledQuery(query.withActiveExecution(Optional.empty())));
    }

    private static boolean allowed(State from, State to) {
        return switch (from) {
            case INITED -> to != State.INITED;
            case EXECUTING -> to == State.EXECUTING || to.isFinal();
            default -> false;
        };
    }

    private Optional<Instant> nextAfterNow(String schedule) {
        return CronSchedule.parse(schedule).nextAfter(writes.now().truncatedTo(ChronoUnit.SECONDS));
    }

    private static ScheduledQuery existing(StoreTransaction tx, ScheduledQueryKey key) {
        return tx.findScheduledQuery(key)
                .orElseThrow(() -> new CatalogException(
                        ErrorCode.SCHEDULED_QUERY_NOT_FOUND,
                        "scheduled query " + key + " does not exist",
                        metadata(key)));
    }

    private static Map<String, String> metadata(ScheduledQueryKey key) {
        return Map.of("cluster_namespace", key.clusterNamespace(), "scheduled_query", key.name());
    }

    private static CatalogException stateChange(String message, State from, State to) {
        return new CatalogException(
                ErrorCode.INVALID_STATE_CHANGE, message, Map.of("from", from.name(), "to", to.name()));
    }

    private static String abbreviated(String message) {
        if (message.length() < MAX_ERROR_MESSAGE) {
            return message;
        }
        String firstLine = message.split("\n", 2)[0];
        return firstLine.length() <= MAX_ERROR_MESSAGE
                ? firstLine
                : firstLine.substring(0, MAX_ERROR_MESSAGE - 3) + "...";
    }
}

package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.ScheduledExecution;
import dev.lakegate.catalog.server.model.ScheduledExecution.State;
import dev.lakegate.catalog.server.model.ScheduledProgress;
import dev.lakegate.catalog.server.model.ScheduledQuery;
import dev.lakegate.catalog.server.model.ScheduledQueryKey;
import dev.lakegate.catalog.server.model.ScheduledRun;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Scheduled queries and their runs on a real store: keys, cron schedules, polls that hand each due
 * run out once (also to pollers racing each other), and progress reports moving a run to its end.
 */
abstract class ScheduledQueryTest extends ScratchCatalogTest {

    private static final String DAILY = "0 0 3 * * ?";
    private static final int QUERIES = 24;
    private static final int POLLERS = 8;

    @Test
    void createGetAlterEnableDrop() {
        ScheduledQueryKey key = key("hs2-a", "nightly");
        ScheduledQuery created = catalog.createScheduledQuery(query(key, DAILY, "select 1"));
        assertThat(created.nextExecution()).isPresent();
        assertThat(created.nextExecution().get()).isAfter(clock.instant());
        assertThat(catalog.getScheduledQuery(key)).isEqualTo(created);
        assertCatalogError(
                ErrorCode.SCHEDULED_QUERY_ALREADY_EXISTS, () -> catalog.createScheduledQuery(query(key, DAILY, "x")));
        assertCatalogError(
                ErrorCode.SCHEDULED_QUERY_NOT_FOUND, () -> catalog.getScheduledQuery(key("hs2-b", "nightly")));

        Instant forced = clock.instant().plusSeconds(3600).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        ScheduledQuery altered = catalog.alterScheduledQuery(
                new ScheduledQuery(key, false, "0 */5 * * * ?", "bob", "select 2", Optional.empty(), Optional.empty()),
                Optional.of(forced));
        assertThat(catalog.getScheduledQuery(key)).isEqualTo(altered);
        assertThat(altered.nextExecution()).contains(forced);
        assertThat(altered.user()).isEqualTo("bob");
        assertThat(altered.enabled()).isFalse();
        assertThat(catalog.enableScheduledQuery(key, true).enabled()).isTrue();

        catalog.dropScheduledQuery(key);
        assertCatalogError(ErrorCode.SCHEDULED_QUERY_NOT_FOUND, () -> catalog.getScheduledQuery(key));
        assertCatalogError(ErrorCode.SCHEDULED_QUERY_NOT_FOUND, () -> catalog.dropScheduledQuery(key));
        assertCatalogError(
                ErrorCode.SCHEDULED_QUERY_NOT_FOUND,
                () -> catalog.alterScheduledQuery(query(key, DAILY, "x"), Optional.empty()));
    }

    @Test
    void anInvalidScheduleIsRefusedAndNothingIsCreated() {
        ScheduledQueryKey key = key("hs2-c", "bad");
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog.createScheduledQuery(query(key, "every day", "x")))
                .hasMessageContaining("every day");
        assertCatalogError(ErrorCode.SCHEDULED_QUERY_NOT_FOUND, () -> catalog.getScheduledQuery(key));
        catalog.createScheduledQuery(query(key, DAILY, "x"));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog.alterScheduledQuery(query(key, "* * *", "x"), Optional.empty()));
        assertThat(catalog.getScheduledQuery(key).schedule()).isEqualTo(DAILY);
    }

    @Test
    void aDueQueryIsHandedOutOnceAndRunsToItsEnd() {
        String namespace = "hs2-d";
        ScheduledQueryKey key = key(namespace, "due");
        catalog.createScheduledQuery(query(key, DAILY, "insert into t select 1"));
        assertThat(catalog.pollScheduledQuery(namespace)).isEmpty();
        makeDue(key);
        assertThat(catalog.pollScheduledQuery("other-cluster")).isEmpty();

        ScheduledRun run = catalog.pollScheduledQuery(namespace).orElseThrow();
        assertThat(run.query().key()).isEqualTo(key);
        assertThat(run.query().query()).isEqualTo("insert into t select 1");
        assertThat(run.query().nextExecution().orElseThrow()).isAfter(clock.instant());
        assertThat(catalog.pollScheduledQuery(namespace))
                .as("a running query is not due again")
                .isEmpty();
        ScheduledExecution opened = only(catalog.listScheduledExecutions(key));
        assertThat(opened.id()).isEqualTo(run.executionId());
        assertThat(opened.state()).isEqualTo(State.INITED);
        assertThat(opened.startTime()).isEqualTo(clock.instant());
        assertThat(opened.endTime()).isEmpty();

        clock.advance(Duration.ofSeconds(5));
        ScheduledExecution executing = catalog.reportScheduledProgress(
                new ScheduledProgress(run.executionId(), State.EXECUTING, Optional.of("hive_1"), Optional.empty()));
        assertThat(executing.executorQueryId()).isEqualTo("hive_1");
        assertThat(executing.lastUpdateTime()).isEqualTo(clock.instant());
        assertCatalogError(
                ErrorCode.INVALID_STATE_CHANGE,
                () -> catalog.reportScheduledProgress(
                        new ScheduledProgress(run.executionId(), State.INITED, Optional.empty(), Optional.empty())));

        clock.advance(Duration.ofSeconds(5));
        catalog.reportScheduledProgress(new ScheduledProgress(
                run.executionId(), State.FAILED, Optional.empty(), Optional.of("boom\n" + "x".repeat(2000))));
        ScheduledExecution ended = only(catalog.listScheduledExecutions(key));
        assertThat(ended.state()).isEqualTo(State.FAILED);
        assertThat(ended.endTime()).contains(clock.instant());
        assertThat(ended.executorQueryId()).isEqualTo("hive_1");
        assertThat(ended.errorMessage()).isEqualTo("boom");
        assertThat(catalog.getScheduledQuery(key).activeExecution()).isEmpty();
        assertCatalogError(
                ErrorCode.INVALID_STATE_CHANGE,
                () -> catalog.reportScheduledProgress(
                        new ScheduledProgress(run.executionId(), State.FINISHED, Optional.empty(), Optional.empty())));
        assertCatalogError(
                ErrorCode.SCHEDULED_EXECUTION_NOT_FOUND,
                () -> catalog.reportScheduledProgress(
                        new ScheduledProgress(987_654_321L, State.FINISHED, Optional.empty(), Optional.empty())));

        makeDue(key);
        catalog.enableScheduledQuery(key, false);
        assertThat(catalog.pollScheduledQuery(namespace))
                .as("a disabled query is never due")
                .isEmpty();
    }

    @Test
    void aRunWithoutReportsTimesOutAtTheNextPollAndOldRunsGo() {
        String namespace = "hs2-stuck";
        ScheduledQueryKey key = key(namespace, "stuck");
        catalog.createScheduledQuery(query(key, DAILY, "select 1"));
        makeDue(key);
        long stuck = catalog.pollScheduledQuery(namespace).orElseThrow().executionId();
        clock.advance(Duration.ofSeconds(119));
        makeDue(key);
        assertThat(catalog.pollScheduledQuery(namespace)).as("still running").isEmpty();

        clock.advance(Duration.ofSeconds(1));
        ScheduledRun next = catalog.pollScheduledQuery(namespace).orElseThrow();
        assertThat(next.executionId()).isNotEqualTo(stuck);
        ScheduledExecution timedOut = catalog.listScheduledExecutions(key).get(0);
        assertThat(timedOut.id()).isEqualTo(stuck);
        assertThat(timedOut.state()).isEqualTo(State.TIMED_OUT);
        assertThat(timedOut.endTime()).contains(clock.instant());
        assertThat(timedOut.errorMessage())
                .isEqualTo("Query stuck in: INITED state for >120 seconds. Execution timed out.");

        catalog.reportScheduledProgress(
                new ScheduledProgress(next.executionId(), State.FINISHED, Optional.empty(), Optional.empty()));
        clock.advance(Duration.ofDays(30));
        // the query is due again by now: this poll also opens a new run, which stays
        catalog.pollScheduledQuery(namespace);
        assertThat(catalog.listScheduledExecutions(key))
                .as("ended runs 30 days old")
                .extracting(ScheduledExecution::id)
                .doesNotContain(stuck, next.executionId())
                .hasSize(1);
    }

    @Test
    void concurrentPollersNeverGetTheSameRun() throws Exception {
        String namespace = "hs2-race";
        List<ScheduledQueryKey> keys = new ArrayList<>();
        for (int i = 0; i < QUERIES; i++) {
            ScheduledQueryKey key = key(namespace, "q" + i);
            catalog.createScheduledQuery(query(key, DAILY, "select " + i));
            makeDue(key);
            keys.add(key);
        }
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pollers = Executors.newFixedThreadPool(POLLERS);
        try {
            List<Future<List<ScheduledRun>>> results = new ArrayList<>();
            for (int p = 0; p < POLLERS; p++) {
                Callable<List<ScheduledRun>> poller = () -> {
                    go.await();
                    List<ScheduledRun> got = new ArrayList<>();
                    for (Optional<ScheduledRun> run = catalog.pollScheduledQuery(namespace);
                            run.isPresent();
                            run = catalog.pollScheduledQuery(namespace)) {
                        got.add(run.get());
                    }
                    return got;
                };
                results.add(pollers.submit(poller));
            }
            go.countDown();
            List<ScheduledRun> runs = new ArrayList<>();
            for (Future<List<ScheduledRun>> result : results) {
                runs.addAll(result.get());
            }
            Set<ScheduledQueryKey> handedOut = new HashSet<>();
            Set<Long> executions = new HashSet<>();
            for (ScheduledRun run : runs) {
                assertThat(handedOut.add(run.query().key()))
                        .as("handed out twice: " + run)
                        .isTrue();
                assertThat(executions.add(run.executionId())).isTrue();
            }
            assertThat(handedOut).containsExactlyInAnyOrderElementsOf(keys);
            for (ScheduledQueryKey key : keys) {
                assertThat(catalog.listScheduledExecutions(key)).hasSize(1);
            }
        } finally {
            pollers.shutdownNow();
        }
    }

    private void makeDue(ScheduledQueryKey key) {
        ScheduledQuery current = catalog.getScheduledQuery(key);
        catalog.alterScheduledQuery(current, Optional.of(clock.instant().minusSeconds(1)));
    }

    private static ScheduledExecution only(List<ScheduledExecution> executions) {
        assertThat(executions).hasSize(1);
        return executions.get(0);
    }

    private static ScheduledQueryKey key(String namespace, String name) {
        return new ScheduledQueryKey(namespace, name);
    }

    private static ScheduledQuery query(ScheduledQueryKey key, String schedule, String text) {
        return new ScheduledQuery(key, true, schedule, "alice", text, Optional.empty(), Optional.empty());
    }
}

package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import java.time.Instant;
import java.util.Map;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.QueryState;
import org.apache.hadoop.hive.metastore.api.ScheduledQuery;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryKey;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryMaintenanceRequest;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryMaintenanceRequestType;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryPollRequest;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryPollResponse;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryProgressInfo;
import org.junit.jupiter.api.Test;

/**
 * Scheduled queries (Hive 4): what HiveServer2's scheduled query service asks of its metastore.
 * Every scenario works in a cluster namespace of its own, so that a poll sees only its own queries.
 * Schedules are daily (their next time is the same on both targets); a query is made due the way
 * HiveServer2's ALTER ... EXECUTE does it, by an alter that sets the next execution in the past. A
 * run's execution id is the target's own: polls of a run whose progress is reported, and the
 * reports, go to each target alone.
 */
public abstract class ScheduledQueryScenarios extends ScenarioSupport {

    private static final String DAILY = "0 0 3 * * ?";

    private static ScheduledQuery query(ScheduledQueryKey key, String schedule, String text) {
        ScheduledQuery query = new ScheduledQuery(key);
        query.setEnabled(true);
        query.setSchedule(schedule);
        query.setUser("scheduler");
        query.setQuery(text);
        return query;
    }

    private static ScheduledQueryKey key(String name) {
        return new ScheduledQueryKey(unique(name), unique("cluster"));
    }

    /** How HMS names a scheduled query in its messages. */
    private static String reference(ScheduledQueryKey key) {
        return key.getScheduleName() + "@" + key.getClusterNamespace();
    }

    private Outcome maintain(ScheduledQueryMaintenanceRequestType type, ScheduledQuery query) {
        return maintain(client, type, query);
    }

    private Outcome maintain(IMetaStoreClient c, ScheduledQueryMaintenanceRequestType type, ScheduledQuery query) {
        return outcome(c, m -> {
            m.scheduledQueryMaintenance(new ScheduledQueryMaintenanceRequest(type, query));
            return null;
        });
    }

    private void create(ScheduledQuery query) {
        Outcome created = maintain(ScheduledQueryMaintenanceRequestType.CREATE, query);
        assertThat(created.failed()).as(created.toString()).isFalse();
    }

    /** Due a little while ago, as an ALTER ... EXECUTE makes it. */
    private void makeDue(IMetaStoreClient c, ScheduledQuery query) {
        ScheduledQuery due = query.deepCopy();
        due.setNextExecution((int) Instant.now().getEpochSecond() - 10);
        Outcome altered = maintain(c, ScheduledQueryMaintenanceRequestType.ALTER, due);
        assertThat(altered.failed()).as(altered.toString()).isFalse();
    }

    private Outcome poll(IMetaStoreClient c, String namespace) {
        return outcome(c, m -> m.scheduledQueryPoll(new ScheduledQueryPollRequest(namespace)));
    }

    @Test
    void aCreatedQueryReadsBackWithEveryField() {
        ScheduledQueryKey key = key("Created");
        create(query(key, DAILY, "select 1"));
        Map<String, Object> read = answer(outcome(c -> c.getScheduledQuery(key)));
        assertThat(read.get("enabled")).isEqualTo(true);
        assertThat(read.get("schedule")).isEqualTo(DAILY);
        assertThat(read.get("user")).isEqualTo("scheduler");
        assertThat(read.get("query")).isEqualTo("select 1");
        assertThat(((Number) read.get("nextExecution")).longValue())
                .isGreaterThan(Instant.now().getEpochSecond());
    }

    @Test
    void creatingAnExistingQueryFails() {
        ScheduledQueryKey key = key("Twice");
        create(query(key, DAILY, "select 1"));
        assertFails(
                maintain(ScheduledQueryMaintenanceRequestType.CREATE, query(key, DAILY, "select 2")),
                "AlreadyExistsException",
                "Scheduled query with name: " + reference(key) + " already exists.");
    }

    @Test
    void anInvalidScheduleIsRefusedAndNothingIsCreated() {
        ScheduledQueryKey key = key("BadCron");
        assertFails(
                maintain(ScheduledQueryMaintenanceRequestType.CREATE, query(key, "every day at three", "select 1")),
                "InvalidInputException",
                "Invalid QUARTZ schedule expression: 'every day at three'");
        assertThat(outcome(c -> c.getScheduledQuery(key)).exceptionType()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void anAlterReplacesTheQueryAndKeepsTheNextExecutionItSets() {
        ScheduledQueryKey key = key("Altered");
        create(query(key, DAILY, "select 1"));
        ScheduledQuery altered = query(key, "0 30 4 * * ?", "select 2");
        altered.setEnabled(false);
        altered.setUser("other");
        altered.setNextExecution(2_000_000_000);
        Outcome alter = maintain(ScheduledQueryMaintenanceRequestType.ALTER, altered);
        assertThat(alter.failed()).as(alter.toString()).isFalse();
        Map<String, Object> read = answer(outcome(c -> c.getScheduledQuery(key)));
        assertThat(read.get("enabled")).isEqualTo(false);
        assertThat(read.get("schedule")).isEqualTo("0 30 4 * * ?");
        assertThat(read.get("user")).isEqualTo("other");
        assertThat(read.get("query")).isEqualTo("select 2");
        assertThat(read.get("nextExecution")).isEqualTo(2_000_000_000);
    }

    @Test
    void anAlterWithAnInvalidScheduleFailsAndChangesNothing() {
        ScheduledQueryKey key = key("AlterBadCron");
        create(query(key, DAILY, "select 1"));
        assertFails(
                maintain(ScheduledQueryMaintenanceRequestType.ALTER, query(key, "61 * * * * ?", "select 2")),
                "InvalidInputException",
                "Invalid QUARTZ schedule expression: '61 * * * * ?'");
        assertThat(answer(outcome(c -> c.getScheduledQuery(key))).get("query")).isEqualTo("select 1");
    }

    @Test
    void alteringAnUnknownQueryFails() {
        unknownQueryFails(ScheduledQueryMaintenanceRequestType.ALTER);
    }

    private void unknownQueryFails(ScheduledQueryMaintenanceRequestType type) {
        ScheduledQueryKey key = key("NeverMade");
        assertFails(
                maintain(type, query(key, DAILY, "select 1")),
                "NoSuchObjectException",
                "Scheduled query with name: " + reference(key) + " doesn't exists.");
    }

    @Test
    void aDroppedQueryIsGone() {
        ScheduledQueryKey key = key("Dropped");
        create(query(key, DAILY, "select 1"));
        Outcome drop = maintain(ScheduledQueryMaintenanceRequestType.DROP, query(key, DAILY, "select 1"));
        assertThat(drop.failed()).as(drop.toString()).isFalse();
        assertFails(
                outcome(c -> c.getScheduledQuery(key)),
                "NoSuchObjectException",
                "There is no scheduled query for: " + reference(key));
    }

    @Test
    void droppingAnUnknownQueryFails() {
        unknownQueryFails(ScheduledQueryMaintenanceRequestType.DROP);
    }

    @Test
    void gettingAnUnknownQueryFails() {
        ScheduledQueryKey key = key("Unknown");
        assertFails(
                outcome(c -> c.getScheduledQuery(key)),
                "NoSuchObjectException",
                "There is no scheduled query for: " + reference(key));
    }

    @Test
    void aPollWithNothingDueAnswersNothing() {
        ScheduledQueryKey key = key("NotYet");
        create(query(key, DAILY, "select 1"));
        assertThat(answer(poll(client, key.getClusterNamespace()))).isEqualTo(tree(new ScheduledQueryPollResponse()));
    }

    @Test
    void aDueQueryIsHandedOutOnceWithItsScheduleNamed() {
        ScheduledQueryKey key = key("Due");
        ScheduledQuery query = query(key, DAILY, "insert into t values (1)");
        create(query);
        makeDue(client, query);
        Map<String, Object> run = answer(poll(client, key.getClusterNamespace()));
        assertThat(run.get("scheduleKey")).isEqualTo(tree(key));
        assertThat(run.get("executionId")).isEqualTo(Normaliser.ID);
        assertThat(run.get("query")).isEqualTo("/* schedule: " + key.getScheduleName() + " */insert into t values (1)");
        assertThat(run.get("user")).isEqualTo("scheduler");
        assertThat(answer(poll(client, key.getClusterNamespace())))
                .as("a query whose run is under way is not due again")
                .isEqualTo(tree(new ScheduledQueryPollResponse()));
        Map<String, Object> read = answer(outcome(c -> c.getScheduledQuery(key)));
        assertThat(((Number) read.get("nextExecution")).longValue())
                .isGreaterThan(Instant.now().getEpochSecond());
    }

    @Test
    void aDisabledQueryIsNeverHandedOut() {
        ScheduledQueryKey key = key("Disabled");
        ScheduledQuery query = query(key, DAILY, "select 1");
        query.setEnabled(false);
        create(query);
        makeDue(client, query);
        assertThat(answer(poll(client, key.getClusterNamespace()))).isEqualTo(tree(new ScheduledQueryPollResponse()));
    }

    @Test
    void aRunReportedToItsEndLetsTheQueryRunAgain() throws Exception {
        ScheduledQueryKey key = key("Reported");
        ScheduledQuery query = query(key, DAILY, "select 1");
        long id = startRun(query);
        Outcome executing = report(id, QueryState.EXECUTING, null);
        assertThat(executing.failed()).as(executing.toString()).isFalse();
        Outcome ended = report(id, QueryState.FAILED, "boom");
        assertThat(ended.failed()).as(ended.toString()).isFalse();
        makeDue(direct, query);
        ScheduledQueryPollResponse again =
                direct.scheduledQueryPoll(new ScheduledQueryPollRequest(key.getClusterNamespace()));
        assertThat(again.getScheduleKey()).isEqualTo(key);
        assertThat(again.getExecutionId()).isNotEqualTo(id);
    }

    @Test
    void aReportAgainstTheStateRuleFails() throws Exception {
        long id = startRun(query(key("BadReport"), DAILY, "select 1"));
        assertFails(
                report(id, QueryState.INITED, null),
                "InvalidOperationException",
                "Invalid state change: INITED=>INITED");
        Outcome finished = report(id, QueryState.FINISHED, null);
        assertThat(finished.failed()).as(finished.toString()).isFalse();
        assertFails(
                report(id, QueryState.EXECUTING, null),
                "InvalidOperationException",
                "Invalid state change: FINISHED=>EXECUTING");
    }

    /** Creates the query, makes it due and polls its run on this target alone; answers the run's id. */
    private long startRun(ScheduledQuery query) throws Exception {
        create(query);
        makeDue(direct, query);
        return direct.scheduledQueryPoll(
                        new ScheduledQueryPollRequest(query.getScheduleKey().getClusterNamespace()))
                .getExecutionId();
    }

    /** A report of run {@code id} (the target's own) to this target alone. */
    private Outcome report(long id, QueryState state, String error) {
        ScheduledQueryProgressInfo info = new ScheduledQueryProgressInfo(id, state, "hive_query_" + id);
        if (error != null) {
            info.setErrorMessage(error);
        }
        return outcome(direct, m -> {
            m.scheduledQueryProgress(info);
            return null;
        });
    }
}

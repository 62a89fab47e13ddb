package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.InvalidInputException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.QueryState;
import org.apache.hadoop.hive.metastore.api.ScheduledQuery;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryKey;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryMaintenanceRequest;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryMaintenanceRequestType;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryPollRequest;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryPollResponse;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryProgressInfo;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Scheduled queries through a raw Hive 4.1 Thrift client against a real catalog: the calls
 * HiveServer2's scheduled query service makes, and HMS 4.0.1's exceptions and words for failures.
 */
class ScheduledQueryCallsTest extends CallsOverThrift {

    private static final String DAILY = "0 0 3 * * ?";

    @BeforeEach
    void start() throws Exception {
        client.set_ugi("alice", List.of("staff"));
    }

    @Test
    void createReadAlterDrop() throws Exception {
        ScheduledQueryKey key = new ScheduledQueryKey("nightly", "hs2");
        maintain(ScheduledQueryMaintenanceRequestType.CREATE, query(key, DAILY, "select 1"));
        ScheduledQuery read = client.get_scheduled_query(key);
        assertThat(read.getScheduleKey()).isEqualTo(key);
        assertThat(read.isEnabled()).isTrue();
        assertThat(read.getSchedule()).isEqualTo(DAILY);
        assertThat(read.getUser()).isEqualTo("alice");
        assertThat(read.getQuery()).isEqualTo("select 1");
        assertThat((long) read.getNextExecution()).isGreaterThan(Instant.now().getEpochSecond());

        assertThatThrownBy(() -> maintain(ScheduledQueryMaintenanceRequestType.CREATE, query(key, DAILY, "x")))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Scheduled query with name: nightly@hs2 already exists.");

        ScheduledQuery altered = query(key, "0 */10 * * * ?", "select 2");
        altered.setNextExecution(1_000);
        maintain(ScheduledQueryMaintenanceRequestType.ALTER, altered);
        assertThat(client.get_scheduled_query(key).getNextExecution()).isEqualTo(1_000);
        assertThat(client.get_scheduled_query(key).getQuery()).isEqualTo("select 2");

        maintain(ScheduledQueryMaintenanceRequestType.DROP, query(key, DAILY, "x"));
        assertThatThrownBy(() -> client.get_scheduled_query(key))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("There is no scheduled query for: nightly@hs2");
        assertThatThrownBy(() -> maintain(ScheduledQueryMaintenanceRequestType.DROP, query(key, DAILY, "x")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Scheduled query with name: nightly@hs2 doesn't exists.");
        assertThatThrownBy(() -> maintain(ScheduledQueryMaintenanceRequestType.ALTER, query(key, DAILY, "x")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Scheduled query with name: nightly@hs2 doesn't exists.");
        assertThatThrownBy(() -> maintain(ScheduledQueryMaintenanceRequestType.CREATE, query(key, "every night", "x")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Invalid QUARTZ schedule expression: 'every night'");
    }

    @Test
    void aDueRunIsPolledOnceAndReportedToItsEnd() throws Exception {
        ScheduledQueryKey key = new ScheduledQueryKey("due", "hs2-poll");
        assertThat(client.scheduled_query_poll(new ScheduledQueryPollRequest("hs2-poll")))
                .isEqualTo(new ScheduledQueryPollResponse());
        ScheduledQuery query = query(key, DAILY, "insert into t values (1)");
        maintain(ScheduledQueryMaintenanceRequestType.CREATE, query);
        query.setNextExecution((int) Instant.now().getEpochSecond() - 10);
        maintain(ScheduledQueryMaintenanceRequestType.ALTER, query);

        ScheduledQueryPollResponse run = client.scheduled_query_poll(new ScheduledQueryPollRequest("hs2-poll"));
        assertThat(run.getScheduleKey()).isEqualTo(key);
        assertThat(run.getQuery()).isEqualTo("/* schedule: due */insert into t values (1)");
        assertThat(run.getUser()).isEqualTo("alice");
        assertThat(run.isSetExecutionId()).isTrue();
        assertThat(client.scheduled_query_poll(new ScheduledQueryPollRequest("hs2-poll")))
                .isEqualTo(new ScheduledQueryPollResponse());

        client.scheduled_query_progress(
                new ScheduledQueryProgressInfo(run.getExecutionId(), QueryState.EXECUTING, "hive_q1"));
        assertThatThrownBy(() -> client.scheduled_query_progress(
                        new ScheduledQueryProgressInfo(run.getExecutionId(), QueryState.INITED, "hive_q1")))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Invalid state change: EXECUTING=>INITED");
        client.scheduled_query_progress(
                new ScheduledQueryProgressInfo(run.getExecutionId(), QueryState.FINISHED, "hive_q1"));
        assertThatThrownBy(() -> client.scheduled_query_progress(
                        new ScheduledQueryProgressInfo(run.getExecutionId(), QueryState.FAILED, "hive_q1")))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Invalid state change: FINISHED=>FAILED");
    }

    private void maintain(ScheduledQueryMaintenanceRequestType type, ScheduledQuery query) throws Exception {
        client.scheduled_query_maintenance(new ScheduledQueryMaintenanceRequest(type, query));
    }

    private static ScheduledQuery query(ScheduledQueryKey key, String schedule, String text) {
        ScheduledQuery query = new ScheduledQuery(key);
        query.setEnabled(true);
        query.setSchedule(schedule);
        query.setUser("alice");
        query.setQuery(text);
        return query;
    }
}

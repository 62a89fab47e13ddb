package dev.lakegate.translator.mapping;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.v1.PollScheduledQueryResponse;
import dev.lakegate.catalog.v1.ReportScheduledProgressRequest;
import dev.lakegate.catalog.v1.ScheduledExecutionState;
import org.apache.hadoop.hive.metastore.api.QueryState;
import org.apache.hadoop.hive.metastore.api.ScheduledQuery;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryKey;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryPollResponse;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryProgressInfo;

/**
 * HMS 4's scheduled queries and the catalog's. HMS keeps times in whole seconds and hands a polled
 * query out with a comment naming its schedule in front of the text (engines log it with the query).
 */
public final class ScheduledQueryMapper {

    private static final String STATE_PREFIX = "SCHEDULED_EXECUTION_";

    private ScheduledQueryMapper() {}

    public static dev.lakegate.catalog.v1.ScheduledQueryKey toCatalog(ScheduledQueryKey key) {
        return dev.lakegate.catalog.v1.ScheduledQueryKey.newBuilder()
                .setClusterNamespace(nullToEmpty(key.getClusterNamespace()))
                .setName(nullToEmpty(key.getScheduleName()))
                .build();
    }

    public static ScheduledQueryKey toHms(dev.lakegate.catalog.v1.ScheduledQueryKey key) {
        return new ScheduledQueryKey(key.getName(), key.getClusterNamespace());
    }

    /** HMS's reference to a key in its messages: {@code name@namespace}. */
    public static String reference(ScheduledQueryKey key) {
        return key.getScheduleName() + "@" + key.getClusterNamespace();
    }

    /** What a create or an alter stores: an unset field is stored as its default, as HMS stores it. */
    public static dev.lakegate.catalog.v1.ScheduledQuery toCatalog(ScheduledQuery query) {
        return dev.lakegate.catalog.v1.ScheduledQuery.newBuilder()
                .setKey(toCatalog(query.getScheduleKey()))
                .setEnabled(query.isEnabled())
                .setSchedule(nullToEmpty(query.getSchedule()))
                .setUser(nullToEmpty(query.getUser()))
                .setQuery(nullToEmpty(query.getQuery()))
                .build();
    }

    /** An alter's next execution, when it sets one (HMS then keeps it instead of the schedule's). */
    public static Timestamp nextExecution(ScheduledQuery query) {
        return Timestamp.newBuilder().setSeconds(query.getNextExecution()).build();
    }

    public static ScheduledQuery toHms(dev.lakegate.catalog.v1.ScheduledQuery query) {
        ScheduledQuery answer = new ScheduledQuery(toHms(query.getKey()));
        answer.setEnabled(query.getEnabled());
        answer.setSchedule(query.getSchedule());
        answer.setUser(query.getUser());
        answer.setQuery(query.getQuery());
        if (query.hasNextExecution()) {
            answer.setNextExecution((int) query.getNextExecution().getSeconds());
        }
        return answer;
    }

    /** Nothing set when nothing was due. */
    public static ScheduledQueryPollResponse toHms(PollScheduledQueryResponse response) {
        ScheduledQueryPollResponse answer = new ScheduledQueryPollResponse();
        if (response.hasQuery()) {
            dev.lakegate.catalog.v1.ScheduledQuery query = response.getQuery();
            answer.setScheduleKey(toHms(query.getKey()));
            answer.setExecutionId(response.getExecutionId());
            answer.setQuery("/* schedule: " + query.getKey().getName() + " */" + query.getQuery());
            answer.setUser(query.getUser());
        }
        return answer;
    }

    public static ReportScheduledProgressRequest toCatalog(ScheduledQueryProgressInfo info) {
        ReportScheduledProgressRequest.Builder request = ReportScheduledProgressRequest.newBuilder()
                .setExecutionId(info.getScheduledExecutionId())
                .setState(toCatalog(info.getState()));
        if (info.isSetExecutorQueryId()) {
            request.setExecutorQueryId(info.getExecutorQueryId());
        }
        if (info.isSetErrorMessage()) {
            request.setErrorMessage(info.getErrorMessage());
        }
        return request.build();
    }

    public static ScheduledExecutionState toCatalog(QueryState state) {
        return ScheduledExecutionState.valueOf(STATE_PREFIX + state.name());
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}

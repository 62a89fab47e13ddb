package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.ScheduledExecution;
import dev.lakegate.catalog.server.model.ScheduledProgress;
import dev.lakegate.catalog.server.model.ScheduledQuery;
import dev.lakegate.catalog.server.model.ScheduledQueryKey;
import dev.lakegate.catalog.server.model.ScheduledRun;
import dev.lakegate.catalog.v1.PollScheduledQueryResponse;
import dev.lakegate.catalog.v1.ReportScheduledProgressRequest;
import dev.lakegate.catalog.v1.ScheduledExecutionState;
import java.time.Instant;
import java.util.Optional;

/** Scheduled queries and their runs between the domain and the wire. */
public final class ScheduledQueryMapper {

    private static final String STATE_PREFIX = "SCHEDULED_EXECUTION_";

    private ScheduledQueryMapper() {}

    public static dev.lakegate.catalog.v1.ScheduledQueryKey toProto(ScheduledQueryKey key) {
        return dev.lakegate.catalog.v1.ScheduledQueryKey.newBuilder()
                .setClusterNamespace(key.clusterNamespace())
                .setName(key.name())
                .build();
    }

    public static ScheduledQueryKey toDomain(dev.lakegate.catalog.v1.ScheduledQueryKey key) {
        return new ScheduledQueryKey(key.getClusterNamespace(), key.getName());
    }

    public static dev.lakegate.catalog.v1.ScheduledQuery toProto(ScheduledQuery query) {
        var builder = dev.lakegate.catalog.v1.ScheduledQuery.newBuilder()
                .setKey(toProto(query.key()))
                .setEnabled(query.enabled())
                .setSchedule(query.schedule())
                .setUser(query.user())
                .setQuery(query.query());
        query.nextExecution().ifPresent(next -> builder.setNextExecution(ValueMapper.toProto(next)));
        query.activeExecution().ifPresent(builder::setActiveExecutionId);
        return builder.build();
    }

    public static ScheduledQuery toDomain(dev.lakegate.catalog.v1.ScheduledQuery query, FieldPath path) {
        return new ScheduledQuery(
                toDomain(query.getKey()),
                query.getEnabled(),
                query.getSchedule(),
                query.getUser(),
                query.getQuery(),
                query.hasNextExecution()
                        ? Optional.of(ValueMapper.toInstant(query.getNextExecution(), path.field("next_execution")))
                        : Optional.empty(),
                query.hasActiveExecutionId() ? Optional.of(query.getActiveExecutionId()) : Optional.empty());
    }

    public static dev.lakegate.catalog.v1.ScheduledExecution toProto(ScheduledExecution execution) {
        var builder = dev.lakegate.catalog.v1.ScheduledExecution.newBuilder()
                .setId(execution.id())
                .setKey(toProto(execution.key()))
                .setState(toProto(execution.state()))
                .setStartTime(ValueMapper.toProto(execution.startTime()))
                .setLastUpdateTime(ValueMapper.toProto(execution.lastUpdateTime()))
                .setExecutorQueryId(execution.executorQueryId())
                .setErrorMessage(execution.errorMessage());
        execution.endTime().ifPresent(end -> builder.setEndTime(ValueMapper.toProto(end)));
        return builder.build();
    }

    public static ScheduledExecution toDomain(dev.lakegate.catalog.v1.ScheduledExecution execution, FieldPath path) {
        return new ScheduledExecution(
                execution.getId(),
                toDomain(execution.getKey()),
                toDomain(execution.getState(), path.field("state")),
                ValueMapper.toInstant(execution.getStartTime(), path.field("start_time")),
                execution.hasEndTime()
                        ? Optional.of(ValueMapper.toInstant(execution.getEndTime(), path.field("end_time")))
                        : Optional.<Instant>empty(),
                ValueMapper.toInstant(execution.getLastUpdateTime(), path.field("last_update_time")),
                execution.getExecutorQueryId(),
                execution.getErrorMessage());
    }

    public static PollScheduledQueryResponse toProto(Optional<ScheduledRun> run) {
        var builder = PollScheduledQueryResponse.newBuilder();
        run.ifPresent(due -> builder.setQuery(toProto(due.query())).setExecutionId(due.executionId()));
        return builder.build();
    }

    public static Optional<ScheduledRun> toDomain(PollScheduledQueryResponse response, FieldPath path) {
        if (!response.hasQuery()) {
            return Optional.empty();
        }
        return Optional.of(
                new ScheduledRun(toDomain(response.getQuery(), path.field("query")), response.getExecutionId()));
    }

    public static ScheduledProgress toDomain(ReportScheduledProgressRequest request, FieldPath path) {
        return new ScheduledProgress(
                request.getExecutionId(),
                toDomain(request.getState(), path.field("state")),
                request.hasExecutorQueryId() ? Optional.of(request.getExecutorQueryId()) : Optional.empty(),
                request.hasErrorMessage() ? Optional.of(request.getErrorMessage()) : Optional.empty());
    }

    public static ReportScheduledProgressRequest toProto(ScheduledProgress progress) {
        var builder = ReportScheduledProgressRequest.newBuilder()
                .setExecutionId(progress.executionId())
                .setState(toProto(progress.state()));
        progress.executorQueryId().ifPresent(builder::setExecutorQueryId);
        progress.errorMessage().ifPresent(builder::setErrorMessage);
        return builder.build();
    }

    public static ScheduledExecutionState toProto(ScheduledExecution.State state) {
        return ScheduledExecutionState.valueOf(STATE_PREFIX + state.name());
    }

    public static ScheduledExecution.State toDomain(ScheduledExecutionState state, FieldPath path) {
        if (state == ScheduledExecutionState.SCHEDULED_EXECUTION_STATE_UNSPECIFIED
                || state == ScheduledExecutionState.UNRECOGNIZED) {
            throw path.invalid("a state is required");
        }
        return ScheduledExecution.State.valueOf(state.name().substring(STATE_PREFIX.length()));
    }
}

package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.ScheduledExecution;
import dev.lakegate.catalog.server.model.ScheduledQuery;
import dev.lakegate.catalog.server.model.ScheduledQueryKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Scheduled queries and their executions; every write runs after {@link #lock()}. */
final class ScheduledQueryRows implements ScheduledQueryStore {

    private static final String QUERY_COLUMNS =
            "cluster_namespace, name, enabled, schedule, query_user, query_text, next_execution, active_execution_id";
    private static final String EXECUTION_COLUMNS = "id, cluster_namespace, name, state, start_time, end_time, "
            + "last_update_time, executor_query_id, error_message";

    private final Jdbc jdbc;

    ScheduledQueryRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Held until the transaction ends (FOR UPDATE row locks last to commit on H2 and PostgreSQL). */
    @Override
    public void lock() {
        jdbc.first("SELECT id FROM scheduled_query_lock WHERE id = 1 FOR UPDATE", row -> row.getInt(1));
    }

    @Override
    public void insert(ScheduledQuery query) {
        jdbc.update(
                "INSERT INTO scheduled_queries (" + QUERY_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                query.key().clusterNamespace(),
                query.key().name(),
                query.enabled(),
                query.schedule(),
                query.user(),
                query.query(),
                time(query.nextExecution()),
                active(query));
    }

    @Override
    public Optional<ScheduledQuery> find(ScheduledQueryKey key) {
        return jdbc.first(
                "SELECT " + QUERY_COLUMNS + " FROM scheduled_queries WHERE cluster_namespace = ? AND name = ?",
                ScheduledQueryRows::readQuery,
                key.clusterNamespace(),
                key.name());
    }

    /** The enabled query of the namespace that is due soonest, if one is due and not already running. */
    @Override
    public Optional<ScheduledQuery> findDue(String clusterNamespace, Instant now) {
        return jdbc.first(
                "SELECT " + QUERY_COLUMNS + " FROM scheduled_queries WHERE cluster_namespace = ? AND enabled "
                        + "AND active_execution_id IS NULL AND next_execution <= ? "
                        + "ORDER BY next_execution, name LIMIT 1",
                ScheduledQueryRows::readQuery,
                clusterNamespace,
                now);
    }

    @Override
    public void update(ScheduledQuery query) {
        jdbc.update(
                "UPDATE scheduled_queries SET enabled = ?, schedule = ?, query_user = ?, query_text = ?, "
                        + "next_execution = ?, active_execution_id = ? WHERE cluster_namespace = ? AND name = ?",
                query.enabled(),
                query.schedule(),
                query.user(),
                query.query(),
                time(query.nextExecution()),
                active(query),
                query.key().clusterNamespace(),
                query.key().name());
    }

    /**
     * Opens a run of a query that is still idle: the update matches nothing if another transaction
     * opened one first, which the lock already prevents; the condition keeps it so without the lock.
     */
    @Override
    public boolean start(ScheduledQuery query, ScheduledExecution execution) {
        int updated = jdbc.update(
                "UPDATE scheduled_queries SET next_execution = ?, active_execution_id = ? "
                        + "WHERE cluster_namespace = ? AND name = ? AND active_execution_id IS NULL",
                time(query.nextExecution()),
                execution.id(),
                query.key().clusterNamespace(),
                query.key().name());
        if (updated == 0) {
            return false;
        }
        insertExecution(execution);
        return true;
    }

    @Override
    public void delete(ScheduledQueryKey key) {
        jdbc.update(
                "DELETE FROM scheduled_executions WHERE cluster_namespace = ? AND name = ?",
                key.clusterNamespace(),
                key.name());
        jdbc.update(
                "DELETE FROM scheduled_queries WHERE cluster_namespace = ? AND name = ?",
                key.clusterNamespace(),
                key.name());
    }

    @Override
    public long nextExecutionId() {
        return jdbc.queryLong(jdbc.dialect().nextValue("scheduled_execution_ids"));
    }

    @Override
    public Optional<ScheduledExecution> findExecution(long id) {
        return jdbc.first(
                "SELECT " + EXECUTION_COLUMNS + " FROM scheduled_executions WHERE id = ?",
                ScheduledQueryRows::readExecution,
                id);
    }

    @Override
    public List<ScheduledExecution> listExecutions(ScheduledQueryKey key) {
        return jdbc.query(
                "SELECT " + EXECUTION_COLUMNS + " FROM scheduled_executions "
                        + "WHERE cluster_namespace = ? AND name = ? ORDER BY id",
                ScheduledQueryRows::readExecution,
                key.clusterNamespace(),
                key.name());
    }

    /** Runs still INITED or EXECUTING whose last report is at or before {@code lastUpdate}. */
    @Override
    public List<ScheduledExecution> listStuck(Instant lastUpdate) {
        return jdbc.query(
                "SELECT " + EXECUTION_COLUMNS + " FROM scheduled_executions "
                        + "WHERE state IN ('INITED', 'EXECUTING') AND last_update_time <= ? ORDER BY id",
                ScheduledQueryRows::readExecution,
                lastUpdate);
    }

    /** Deletes ended runs started at or before {@code start}; a run under way stays. */
    @Override
    public int deleteEndedStartedBefore(Instant start) {
        return jdbc.update(
                "DELETE FROM scheduled_executions WHERE state NOT IN ('INITED', 'EXECUTING') AND start_time <= ?",
                start);
    }

    @Override
    public void updateExecution(ScheduledExecution execution) {
        jdbc.update(
                "UPDATE scheduled_executions SET state = ?, end_time = ?, last_update_time = ?, "
                        + "executor_query_id = ?, error_message = ? WHERE id = ?",
                execution.state(),
                time(execution.endTime()),
                execution.lastUpdateTime(),
                execution.executorQueryId(),
                execution.errorMessage(),
                execution.id());
    }

    private void insertExecution(ScheduledExecution execution) {
        jdbc.update(
                "INSERT INTO scheduled_executions (" + EXECUTION_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                execution.id(),
                execution.key().clusterNamespace(),
                execution.key().name(),
                execution.state(),
                execution.startTime(),
                time(execution.endTime()),
                execution.lastUpdateTime(),
                execution.executorQueryId(),
                execution.errorMessage());
    }

    private static Object time(Optional<Instant> time) {
        return time.<Object>map(value -> value).orElse(new Jdbc.Null(Types.TIMESTAMP_WITH_TIMEZONE));
    }

    private static Object active(ScheduledQuery query) {
        return query.activeExecution().<Object>map(id -> id).orElse(new Jdbc.Null(Types.BIGINT));
    }

    private static ScheduledQuery readQuery(ResultSet row) throws SQLException {
        long active = row.getLong("active_execution_id");
        Optional<Long> activeExecution = row.wasNull() ? Optional.empty() : Optional.of(active);
        return new ScheduledQuery(
                new ScheduledQueryKey(row.getString("cluster_namespace"), row.getString("name")),
                row.getBoolean("enabled"),
                row.getString("schedule"),
                row.getString("query_user"),
                row.getString("query_text"),
                Optional.ofNullable(Jdbc.instant(row, "next_execution")),
                activeExecution);
    }

    private static ScheduledExecution readExecution(ResultSet row) throws SQLException {
        return new ScheduledExecution(
                row.getLong("id"),
                new ScheduledQueryKey(row.getString("cluster_namespace"), row.getString("name")),
                ScheduledExecution.State.valueOf(row.getString("state")),
                Jdbc.instant(row, "start_time"),
                Optional.ofNullable(Jdbc.instant(row, "end_time")),
                Jdbc.instant(row, "last_update_time"),
                row.getString("executor_query_id"),
                row.getString("error_message"));
    }
}

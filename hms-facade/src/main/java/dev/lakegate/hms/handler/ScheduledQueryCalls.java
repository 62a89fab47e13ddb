package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AlterScheduledQueryRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.ScheduledQueryWords;
import dev.lakegate.translator.mapping.ScheduledQueryMapper;
import org.apache.hadoop.hive.metastore.api.ScheduledQuery;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryKey;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryMaintenanceRequest;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryPollRequest;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryPollResponse;
import org.apache.hadoop.hive.metastore.api.ScheduledQueryProgressInfo;
import org.apache.thrift.TException;

/**
 * Scheduled queries (Hive 4), which HiveServer2's scheduled query service creates, alters and drops
 * (maintenance), polls for the next due run of its cluster namespace and reports runs' progress on:
 * kept by the catalog with their runs, cron schedules read as Quartz reads them.
 */
public final class ScheduledQueryCalls {

    private static final DeclaredExceptions MAINTENANCE = DeclaredExceptions.of("scheduled_query_maintenance");
    private static final DeclaredExceptions POLL = DeclaredExceptions.of("scheduled_query_poll");
    private static final DeclaredExceptions PROGRESS = DeclaredExceptions.of("scheduled_query_progress");
    private static final DeclaredExceptions GET = DeclaredExceptions.of("get_scheduled_query");

    private final CatalogCalls catalog;

    public ScheduledQueryCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public void scheduled_query_maintenance(ScheduledQueryMaintenanceRequest request) throws TException {
        if (request == null || request.getType() == null || request.getScheduledQuery() == null) {
            throw MAINTENANCE.toThrift(HmsFailure.meta("invalid request"));
        }
        ScheduledQuery query = request.getScheduledQuery();
        if (query.getScheduleKey() == null) {
            throw MAINTENANCE.toThrift(HmsFailure.meta("invalid request: the scheduled query has no key"));
        }
        switch (request.getType()) {
            case CREATE ->
                catalog.run(
                        MAINTENANCE,
                        call(Operation.CREATE),
                        client -> CatalogFailures.rewording(
                                () -> client.scheduledQueries().create(ScheduledQueryMapper.toCatalog(query)),
                                failure -> ScheduledQueryWords.invalidSchedule(query.getSchedule()),
                                ErrorReason.INVALID_ARGUMENT));
            case ALTER ->
                catalog.run(
                        MAINTENANCE,
                        call(Operation.ALTER),
                        client -> CatalogFailures.rewording(
                                () -> client.scheduledQueries().alter(alteration(query)),
                                failure -> ScheduledQueryWords.invalidSchedule(query.getSchedule()),
                                ErrorReason.INVALID_ARGUMENT));
            case DROP ->
                catalog.run(MAINTENANCE, call(Operation.DROP), client -> {
                    client.scheduledQueries().drop(ScheduledQueryMapper.toCatalog(query.getScheduleKey()));
                    return null;
                });
        }
    }

    public ScheduledQueryPollResponse scheduled_query_poll(ScheduledQueryPollRequest request) throws TException {
        String namespace =
                request == null || request.getClusterNamespace() == null ? "" : request.getClusterNamespace();
        return catalog.run(
                POLL,
                call(Operation.ALTER),
                client -> ScheduledQueryMapper.toHms(client.scheduledQueries().poll(namespace)));
    }

    public void scheduled_query_progress(ScheduledQueryProgressInfo info) throws TException {
        if (info == null || info.getState() == null) {
            throw PROGRESS.toThrift(HmsFailure.meta("invalid request: a progress report needs a state"));
        }
        catalog.run(
                PROGRESS,
                call(Operation.ALTER),
                client -> client.scheduledQueries().progress(ScheduledQueryMapper.toCatalog(info)));
    }

    public ScheduledQuery get_scheduled_query(ScheduledQueryKey key) throws TException {
        if (key == null) {
            throw GET.toThrift(HmsFailure.meta("invalid request: no scheduled query key"));
        }
        return catalog.run(
                GET,
                call(Operation.READ),
                client ->
                        ScheduledQueryMapper.toHms(client.scheduledQueries().get(ScheduledQueryMapper.toCatalog(key))));
    }

    /** HMS keeps the next execution an alter sets; without one, the schedule's next time. */
    private static AlterScheduledQueryRequest alteration(ScheduledQuery query) {
        AlterScheduledQueryRequest.Builder request =
                AlterScheduledQueryRequest.newBuilder().setQuery(ScheduledQueryMapper.toCatalog(query));
        if (query.isSetNextExecution()) {
            request.setNextExecution(ScheduledQueryMapper.nextExecution(query));
        }
        return request.build();
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }
}

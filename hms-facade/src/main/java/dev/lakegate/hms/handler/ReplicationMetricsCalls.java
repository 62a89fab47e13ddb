package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.kept.ReplicationMetricRecords;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.GetReplicationMetricsRequest;
import org.apache.hadoop.hive.metastore.api.ReplicationMetricList;
import org.apache.hadoop.hive.metastore.api.ReplicationMetrics;
import org.apache.thrift.TException;

/**
 * Replication metrics (Hive 4), which a replication policy's scheduled dumps and loads record in the
 * metastore for `SYS.REPLICATION_METRICS`: kept by the catalog as opaque records (see
 * {@link ReplicationMetricRecords}). A read selects by policy if the request names one, else by scheduled
 * execution id; HMS 4.0.1 ignores the dump execution id, and a request that sets neither answers no result
 * at all, which the client reports as a missing result.
 */
public final class ReplicationMetricsCalls {

    private static final DeclaredExceptions ADD = DeclaredExceptions.of("add_replication_metrics");
    private static final DeclaredExceptions GET = DeclaredExceptions.of("get_replication_metrics");

    private final CatalogCalls catalog;
    private final ReplicationMetricRecords records = new ReplicationMetricRecords();

    public ReplicationMetricsCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public void add_replication_metrics(ReplicationMetricList list) throws TException {
        if (list == null || list.getReplicationMetricList() == null) {
            throw HmsFailure.meta("A list of replication metrics is needed");
        }
        List<ReplicationMetrics> metrics = new ArrayList<>(list.getReplicationMetricList());
        catalog.run(ADD, HmsCall.database(Operation.CREATE, null), client -> {
            records.add(client, metrics);
            return null;
        });
    }

    public ReplicationMetricList get_replication_metrics(GetReplicationMetricsRequest request) throws TException {
        if (request == null) {
            throw HmsFailure.meta("A request for replication metrics is needed");
        }
        if (!request.isSetPolicy() && !request.isSetScheduledExecutionId()) {
            return null;
        }
        return catalog.run(
                GET,
                HmsCall.database(Operation.READ, null),
                client -> new ReplicationMetricList(
                        request.isSetPolicy()
                                ? records.ofPolicy(client, request.getPolicy())
                                : records.ofExecution(client, request.getScheduledExecutionId())));
    }
}

package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.v1.AddRuntimeStatisticsRequest;
import dev.lakegate.catalog.v1.ListRuntimeStatisticsRequest;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.GetRuntimeStatsRequest;
import org.apache.hadoop.hive.metastore.api.RuntimeStat;
import org.apache.thrift.TException;

/**
 * Runtime statistics (Hive 3+), which HiveServer2 records after a query and reads back to re-optimise
 * the next: kept by the catalog as opaque records with their time and weight, for three days as HMS
 * keeps them; read back newest first until their weights reach the maximum asked (negative: no
 * maximum), only those created before the time asked (in seconds; 0 or less: any).
 */
public final class RuntimeStatisticsCalls {

    private static final DeclaredExceptions ADD = DeclaredExceptions.of("add_runtime_stats");
    private static final DeclaredExceptions GET = DeclaredExceptions.of("get_runtime_stats");

    private final CatalogCalls catalog;

    public RuntimeStatisticsCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public void add_runtime_stats(RuntimeStat stat) throws TException {
        if (stat == null || stat.getPayload() == null) {
            throw HmsFailure.meta("A runtime statistics record needs a payload");
        }
        catalog.run(
                ADD,
                HmsCall.database(Operation.CREATE, null),
                client -> client.runtimeStatistics()
                        .add(AddRuntimeStatisticsRequest.newBuilder()
                                .setWeight(stat.getWeight())
                                .setPayload(ByteString.copyFrom(stat.getPayload()))
                                .build()));
    }

    public List<RuntimeStat> get_runtime_stats(GetRuntimeStatsRequest request) throws TException {
        ListRuntimeStatisticsRequest.Builder list = ListRuntimeStatisticsRequest.newBuilder();
        // HMS: a negative maximum is none; any other stops once the weights reach it (0: the newest only).
        if (request.getMaxWeight() >= 0) {
            list.setMaxWeight(request.getMaxWeight());
        }
        if (request.getMaxCreateTime() > 0) {
            list.setCreatedBefore(com.google.protobuf.Timestamp.newBuilder()
                    .setSeconds(request.getMaxCreateTime())
                    .build());
        }
        return catalog.run(GET, HmsCall.database(Operation.READ, null), client -> {
            List<RuntimeStat> stats = new ArrayList<>();
            for (dev.lakegate.catalog.v1.RuntimeStatistics statistics :
                    client.runtimeStatistics().list(list.build()).getStatisticsList()) {
                RuntimeStat stat = new RuntimeStat(
                        statistics.getWeight(), statistics.getPayload().asReadOnlyByteBuffer());
                // HMS keeps the time in whole seconds.
                stat.setCreateTime((int) statistics.getCreateTime().getSeconds());
                stats.add(stat);
            }
            return stats;
        });
    }
}

package dev.lakegate.hms.handler.statistics;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.GetTableStatisticsRequest;
import dev.lakegate.catalog.v1.LakeFigures;
import dev.lakegate.catalog.v1.TableFormat;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableStatistics;
import dev.lakegate.hms.handler.CatalogFailures;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * HMS's basic statistics of an Iceberg table ({@code numRows}, {@code numFiles}, {@code totalSize}) from the
 * figures the catalog counted for its current snapshot, so that engines' optimizers see true numbers without
 * anyone running ANALYZE. The rule for a statistic a client wrote: the later one wins. The catalog's figures
 * were recorded by the commit that brought the snapshot; a parameter present on a table changed after that
 * commit was written (or kept) by a later change, and stands. A table whose snapshot has no recorded figures
 * (its files could not be read, or it predates them) keeps its parameters as they are.
 */
public final class LakeTableFigures {

    static final String ROWS = "numRows";
    static final String FILES = "numFiles";
    static final String SIZE = "totalSize";

    private LakeTableFigures() {}

    /** {@code table} as mapped from {@code found}, with the catalog's figures where they stand. */
    public static Table applied(CatalogClient client, dev.lakegate.catalog.v1.Table found, Table table) {
        if (found.getFormat() != TableFormat.ICEBERG || !found.hasCurrentSnapshotId()) {
            return table;
        }
        Optional<TableStatistics> statistics = CatalogFailures.find(
                () -> client.getTableStatistics(GetTableStatisticsRequest.newBuilder()
                        .setTable(TableIdentifier.newBuilder()
                                .setCatalog(found.getCatalog())
                                .setNamespace(found.getNamespace())
                                .setName(found.getName()))
                        .setSnapshotId(found.getCurrentSnapshotId())
                        .build()),
                ErrorReason.SNAPSHOT_NOT_FOUND,
                ErrorReason.TABLE_NOT_FOUND);
        if (statistics.isEmpty()) {
            return table;
        }
        boolean changedSince =
                micros(found.getUpdateTime()) > micros(statistics.get().getRecordedAt());
        LakeFigures figures = statistics.get().getTable();
        Map<String, String> parameters =
                new HashMap<>(table.getParameters() == null ? Map.of() : table.getParameters());
        put(parameters, ROWS, figures.getRecordCount(), changedSince);
        // As Iceberg's HiveCatalog writes them from a snapshot's summary: data files only, bytes of all files.
        put(parameters, FILES, figures.getDataFileCount(), changedSince);
        put(parameters, SIZE, figures.getTotalSizeBytes(), changedSince);
        table.setParameters(parameters);
        return table;
    }

    private static void put(Map<String, String> parameters, String key, long value, boolean changedSince) {
        if (!changedSince || !parameters.containsKey(key)) {
            parameters.put(key, Long.toString(value));
        }
    }

    /** The store keeps times to the microsecond. */
    private static long micros(Timestamp time) {
        return time.getSeconds() * 1_000_000 + time.getNanos() / 1_000;
    }
}

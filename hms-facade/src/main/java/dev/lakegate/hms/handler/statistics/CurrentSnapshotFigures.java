package dev.lakegate.hms.handler.statistics;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.GetTableStatisticsRequest;
import dev.lakegate.catalog.v1.LakeFigures;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.TableFormat;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableStatistics;
import dev.lakegate.hms.handler.CatalogFailures;
import java.util.Optional;

/**
 * The figures the catalog counted for an Iceberg table's current snapshot, and whether a statistic a client
 * wrote beats them. The rule, for the basic statistics and the column statistics alike: the later write wins.
 * The figures were recorded by the commit that brought the snapshot, in its transaction, stamped with its
 * time; a client's statistic stands only if the table was changed after that commit (a statistics update
 * changes the table: it marks its columns in {@code COLUMN_STATS_ACCURATE}). The store keeps no time per
 * statistic, so "later" is decided for the whole table, not per column.
 */
record CurrentSnapshotFigures(TableStatistics statistics, boolean changedSince) {

    /** Empty for a table that is not Iceberg, has no snapshot, or whose snapshot has no recorded figures. */
    static Optional<CurrentSnapshotFigures> of(CatalogClient client, Table found) {
        if (found.getFormat() != TableFormat.ICEBERG || !found.hasCurrentSnapshotId()) {
            return Optional.empty();
        }
        return CatalogFailures.find(
                        () -> client.getTableStatistics(GetTableStatisticsRequest.newBuilder()
                                .setTable(TableIdentifier.newBuilder()
                                        .setCatalog(found.getCatalog())
                                        .setNamespace(found.getNamespace())
                                        .setName(found.getName()))
                                .setSnapshotId(found.getCurrentSnapshotId())
                                .build()),
                        ErrorReason.SNAPSHOT_NOT_FOUND,
                        ErrorReason.TABLE_NOT_FOUND)
                .map(statistics -> new CurrentSnapshotFigures(
                        statistics, micros(found.getUpdateTime()) > micros(statistics.getRecordedAt())));
    }

    LakeFigures table() {
        return statistics.getTable();
    }

    /** Whether the catalog's figure replaces what a client wrote ({@code written}: the client wrote one). */
    boolean wins(boolean written) {
        return !changedSince || !written;
    }

    /** The store keeps times to the microsecond. */
    private static long micros(Timestamp time) {
        return time.getSeconds() * 1_000_000 + time.getNanos() / 1_000;
    }
}

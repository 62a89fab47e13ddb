package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/** Table and partition column statistics: written where they differ, deleted where only the target has them. */
final class StatisticsSync {

    private final SyncSides sides;

    StatisticsSync(SyncSides sides) {
        this.sides = requireNonNull(sides, "sides is null");
    }

    /** The table's statistics; {@code target} is null when the table was only just created. */
    void table(SyncOutcome outcome, String where, Table source, Table target) throws TException {
        ColumnStatistics wanted = sides.from().tableStatistics(source);
        ColumnStatistics held = target == null ? null : sides.to().tableStatistics(target);
        if (Normalized.sameStatistics(wanted, held)) {
            return;
        }
        outcome.differences.add(sides.differ().statistics(where, wanted, held));
        if (sides.apply()) {
            if (wanted != null) {
                sides.to().hms().update_table_column_statistics(wanted);
            } else {
                sides.to()
                        .hms()
                        .delete_table_column_statistics(
                                source.getDbName(), source.getTableName(), null, Metastore.ENGINE);
            }
            outcome.statistics++;
        }
    }

    /**
     * The statistics of one batch of the source's partitions, of which {@code common} were on the target
     * before this run (the others were just added, or are named as missing).
     */
    void partitions(
            SyncOutcome outcome, String where, Table source, Table target, List<String> batch, List<String> common)
            throws TException {
        Map<String, ColumnStatistics> wanted = sides.from().partitionStatistics(source, batch);
        Map<String, ColumnStatistics> held =
                target == null || common.isEmpty() ? Map.of() : sides.to().partitionStatistics(target, common);
        Set<String> commonNames = new HashSet<>(common);
        List<ColumnStatistics> write = new ArrayList<>();
        for (String partition : batch) {
            ColumnStatistics a = wanted.get(partition);
            ColumnStatistics b = held.get(partition);
            if (Normalized.sameStatistics(a, b)) {
                continue;
            }
            if (commonNames.contains(partition)) {
                // A partition missing altogether is named once, with the partitions, not again for its statistics.
                outcome.differences.add(sides.differ().statistics(where + " " + partition, a, b));
            }
            if (sides.apply()) {
                if (a != null) {
                    write.add(a);
                } else {
                    sides.to()
                            .hms()
                            .delete_partition_column_statistics(
                                    source.getDbName(), source.getTableName(), partition, null, Metastore.ENGINE);
                    outcome.statistics++;
                }
            }
        }
        if (!write.isEmpty()) {
            SetPartitionsStatsRequest request = new SetPartitionsStatsRequest(write);
            request.setEngine(Metastore.ENGINE);
            sides.to().hms().set_aggr_stats_for(request);
            outcome.statistics += write.size();
        }
    }
}

package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/** Counts what a database holds on the legacy metastore, reading it as a copy would and writing nothing. */
final class Planner {

    private final Metastore source;

    Planner(Metastore source) {
        this.source = requireNonNull(source, "source is null");
    }

    PlanCounts count(String database) throws TException {
        long tables = 0;
        long partitions = 0;
        long statistics = 0;
        for (String name : source.tables(database)) {
            tables++;
            Table table = source.table(database, name);
            statistics += source.tableStatistics(table) == null ? 0 : 1;
            if (table.getPartitionKeysSize() > 0) {
                List<String> names = source.partitionNames(database, name);
                partitions += names.size();
                for (int i = 0; i < names.size(); i += DatabaseSync.BATCH) {
                    statistics += source.partitionStatistics(
                                    table, names.subList(i, Math.min(names.size(), i + DatabaseSync.BATCH)))
                            .size();
                }
            }
        }
        return new PlanCounts(
                tables, partitions, statistics, source.functions(database).size());
    }
}

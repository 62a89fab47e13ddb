package dev.lakegate.launcher.migrate;

import dev.lakegate.hms.handler.tables.HiveRules;
import dev.lakegate.hms.legacy.DatabaseRoutes;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/**
 * Copies one database from the legacy metastore into the catalog while it stays routed to the legacy
 * metastore: the database (created with {@code lakegate.route=legacy}, so no gateway answers from the
 * half-made copy), its tables of every kind (Iceberg tables with their metadata location, which the
 * catalog reads), partitions in batches, table column statistics and functions. Safe to re-run: what
 * the catalog has already is kept and only what is missing is added, so a crashed copy resumes and a
 * second copy catches up with partitions and tables added since.
 */
final class DatabaseCopy {

    static final int BATCH = 1000;

    record Counts(int tables, long partitions, int statistics, int functions, List<String> failures) {}

    private final LegacySource legacy;
    private final NativeTarget target;
    private final PrintWriter out;

    DatabaseCopy(LegacySource legacy, NativeTarget target, PrintWriter out) {
        this.legacy = legacy;
        this.target = target;
        this.out = out;
    }

    Counts copy(String database) throws TException {
        if (target.namespace(database).isEmpty()) {
            Database copy = legacy.database(database).deepCopy();
            Map<String, String> parameters = copy.getParameters() == null ? new HashMap<>()
                    : new HashMap<>(copy.getParameters());
            parameters.put(DatabaseRoutes.ROUTE_PROPERTY, DatabaseRoutes.LEGACY);
            copy.setParameters(parameters);
            target.hms().create_database(copy);
        } else if (!target.routedToLegacy(database)) {
            throw new IllegalStateException("database " + database
                    + " is routed to the catalog already; roll it back before copying again");
        }
        int tables = 0;
        long partitions = 0;
        int statistics = 0;
        List<String> failures = new ArrayList<>();
        for (String name : legacy.tables(database)) {
            try {
                Table table = legacy.table(database, name);
                if (!exists(database, name)) {
                    EnvironmentContext asItIs = new EnvironmentContext(new HashMap<>(Map.of(
                            "DO_NOT_UPDATE_STATS", "true", HiveRules.MIGRATION_COPY, "true")));
                    target.hms().create_table_with_environment_context(table.deepCopy(), asItIs);
                    tables++;
                }
                if (table.getPartitionKeysSize() > 0) {
                    partitions += copyPartitions(database, name);
                }
                ColumnStatistics stats = legacy.tableStatistics(table);
                if (stats != null) {
                    target.hms().update_table_column_statistics(stats);
                    statistics++;
                }
            } catch (TException | RuntimeException e) {
                failures.add(database + "." + name + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        int functions = 0;
        for (Function function : legacy.functions(database)) {
            try {
                target.hms().get_function(database, function.getFunctionName());
            } catch (NoSuchObjectException missing) {
                target.hms().create_function(function.deepCopy());
                functions++;
            }
        }
        return new Counts(tables, partitions, statistics, functions, failures);
    }

    private boolean exists(String database, String table) throws TException {
        try {
            target.hms().get_table_req(new GetTableRequest(database, table));
            return true;
        } catch (NoSuchObjectException missing) {
            return false;
        }
    }

    /** The partitions the catalog lacks, in batches, with a progress line of rate and time left. */
    private long copyPartitions(String database, String table) throws TException {
        Set<String> present = new HashSet<>(target.hms().get_partition_names(database, table, (short) -1));
        List<String> missing = new ArrayList<>();
        for (String name : legacy.partitionNames(database, table)) {
            if (!present.contains(name)) {
                missing.add(name);
            }
        }
        long start = System.nanoTime();
        long copied = 0;
        for (int from = 0; from < missing.size(); from += BATCH) {
            List<String> names = missing.subList(from, Math.min(missing.size(), from + BATCH));
            List<Partition> batch = legacy.partitions(database, table, names);
            AddPartitionsRequest request = new AddPartitionsRequest(database, table, batch, true);
            request.setNeedResult(false);
            target.hms().add_partitions_req(request);
            copied += batch.size();
            double seconds = Math.max(1e-3, (System.nanoTime() - start) / 1e9);
            double rate = copied / seconds;
            out.printf(Locale.ROOT, "\r%s.%s: %s %,d/%,d partitions, %,.0f/s, %.0f s left", database, table,
                    bar(copied, missing.size()), copied, missing.size(), rate, (missing.size() - copied) / rate);
            out.flush();
        }
        if (!missing.isEmpty()) {
            out.println();
        }
        return copied;
    }

    private static String bar(long done, long total) {
        int width = 20;
        int filled = total == 0 ? width : (int) (width * done / total);
        return "[" + "#".repeat(filled) + " ".repeat(width - filled) + "]";
    }
}

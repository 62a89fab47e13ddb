package dev.lakegate.launcher.migrate;

import dev.lakegate.catalog.client.CatalogClient;
import java.io.PrintWriter;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.hadoop.hive.metastore.api.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lakegate migrate}: moves databases from a running Hive Metastore into the catalog, one at a
 * time, while the gateways in front of it ({@code serve --legacy}) keep serving. Every step is safe
 * to re-run: copy adds only what is missing, verify changes nothing, cutover refuses while verify
 * finds a difference.
 */
@Command(name = "migrate", mixinStandardHelpOptions = true,
        description = "Moves databases from a running Hive Metastore into the catalog: plan, copy, verify, "
                + "cutover, rollback.")
public final class MigrateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "STEP", description = "plan | copy | verify | cutover | rollback")
    String step;

    @Option(names = "--legacy", required = true, paramLabel = "URI",
            description = "The Hive Metastore to migrate from (thrift://host:port).")
    URI legacy;

    @Option(names = "--catalog", defaultValue = "127.0.0.1:9090", paramLabel = "HOST:PORT",
            description = "The catalog's gRPC address (default: ${DEFAULT-VALUE}).")
    String catalog;

    @Option(names = "--db", defaultValue = "*", paramLabel = "PATTERN",
            description = "Databases to work on, an HMS pattern (default: all).")
    String pattern;

    @Option(names = "--warehouse", defaultValue = "file:./data/warehouse",
            description = "Warehouse root for anything copied without a location (default: ${DEFAULT-VALUE}).")
    String warehouse;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int colon = catalog.lastIndexOf(':');
        try (LegacySource source = new LegacySource(legacy);
             NativeTarget target = new NativeTarget(CatalogClient.forAddress(catalog.substring(0, colon),
                     Integer.parseInt(catalog.substring(colon + 1))), warehouse)) {
            List<String> databases = source.databases(pattern);
            int status = switch (step) {
                case "plan" -> plan(source, databases, out);
                case "copy" -> copy(source, target, databases, out);
                case "verify" -> verify(source, target, databases, out) ? 0 : 1;
                case "cutover" -> cutover(source, target, databases, out);
                case "rollback" -> rollback(target, databases, out);
                default -> throw new IllegalArgumentException("unknown step " + step
                        + "; expected plan, copy, verify, cutover or rollback");
            };
            out.flush();
            return status;
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("lakegate migrate: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private static int plan(LegacySource source, List<String> databases, PrintWriter out) throws Exception {
        out.printf("%-30s %8s %12s %12s %10s%n", "database", "tables", "partitions", "statistics", "functions");
        long[] total = new long[4];
        for (String db : databases) {
            long tables = 0;
            long partitions = 0;
            long statistics = 0;
            for (String name : source.tables(db)) {
                tables++;
                Table table = source.table(db, name);
                if (table.getPartitionKeysSize() > 0) {
                    partitions += source.partitionNames(db, name).size();
                }
                var stats = source.tableStatistics(table);
                statistics += stats == null ? 0 : stats.getStatsObjSize();
            }
            long functions = source.functions(db).size();
            out.printf(Locale.ROOT, "%-30s %,8d %,12d %,12d %,10d%n", db, tables, partitions, statistics, functions);
            total[0] += tables;
            total[1] += partitions;
            total[2] += statistics;
            total[3] += functions;
        }
        out.printf(Locale.ROOT, "%-30s %,8d %,12d %,12d %,10d%n", "total (" + databases.size() + " databases)",
                total[0], total[1], total[2], total[3]);
        out.println("(statistics: table column statistics; partition statistics are not counted or copied yet)");
        return 0;
    }

    private static int copy(LegacySource source, NativeTarget target, List<String> databases, PrintWriter out)
            throws Exception {
        int status = 0;
        for (String db : databases) {
            long start = System.nanoTime();
            DatabaseCopy.Counts counts = new DatabaseCopy(source, target, out).copy(db);
            double seconds = (System.nanoTime() - start) / 1e9;
            out.printf(Locale.ROOT, "%s: copied %d tables, %,d partitions (%,.0f/s), %d statistics, %d functions"
                    + " in %.1f s; still routed to the legacy metastore%n", db, counts.tables(), counts.partitions(),
                    counts.partitions() / Math.max(seconds, 1e-3), counts.statistics(), counts.functions(), seconds);
            for (String failure : counts.failures()) {
                out.println("  not copied: " + failure);
                status = 1;
            }
        }
        return status;
    }

    private static boolean verify(LegacySource source, NativeTarget target, List<String> databases, PrintWriter out)
            throws Exception {
        boolean same = true;
        for (String db : databases) {
            List<String> differences = new MigrationDiff(source, target).diff(db);
            if (differences.isEmpty()) {
                out.println(db + ": no differences");
            } else {
                same = false;
                out.println(db + ": " + differences.size() + " differences");
                differences.forEach(d -> out.println("  " + d));
            }
        }
        return same;
    }

    private static int cutover(LegacySource source, NativeTarget target, List<String> databases, PrintWriter out)
            throws Exception {
        int status = 0;
        for (String db : databases) {
            if (!target.routedToLegacy(db)) {
                out.println(db + ": routed to the catalog already");
                continue;
            }
            // A final catch-up, then a fresh diff: the cutover happens only on an identical copy.
            new DatabaseCopy(source, target, out).copy(db);
            List<String> differences = new MigrationDiff(source, target).diff(db);
            if (!differences.isEmpty()) {
                out.println(db + ": not cut over, " + differences.size() + " differences");
                differences.forEach(d -> out.println("  " + d));
                status = 1;
                continue;
            }
            target.route(db, true);
            out.println(db + ": cut over; the catalog answers for it on every gateway within seconds");
        }
        return status;
    }

    private static int rollback(NativeTarget target, List<String> databases, PrintWriter out) {
        for (String db : databases) {
            if (target.namespace(db).isEmpty()) {
                out.println(db + ": never copied; routed to the legacy metastore");
                continue;
            }
            target.route(db, false);
            out.println(db + ": routed back to the legacy metastore (changes made in the catalog since the "
                    + "cutover are not carried back yet)");
        }
        return 0;
    }
}

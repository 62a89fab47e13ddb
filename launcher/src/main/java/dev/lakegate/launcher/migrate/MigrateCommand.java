package dev.lakegate.launcher.migrate;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.legacy.Route;
import java.io.PrintWriter;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
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
 * to re-run: copy changes only what differs, verify changes nothing, cutover and rollback hold the
 * database's writes on every gateway while they make the last changes, and refuse (putting the route
 * back) while verify finds a difference.
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

    @Option(names = "--settle", defaultValue = "3", paramLabel = "SECONDS",
            description = "How long cutover and rollback hold writes before making the last changes: longer than "
                    + "the gateways keep a route (2 s) (default: ${DEFAULT-VALUE}).")
    int settleSeconds;

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
        try (LegacySource legacySource = new LegacySource(legacy);
             NativeTarget target = new NativeTarget(CatalogClient.forAddress(catalog.substring(0, colon),
                     Integer.parseInt(catalog.substring(colon + 1))), warehouse)) {
            Metastore source = legacySource.metastore();
            List<String> databases = source.hms().get_databases(pattern);
            int status = 0;
            for (String db : databases) {
                int one = switch (step) {
                    case "plan" -> 0;
                    case "copy" -> copy(source, target, db, out);
                    case "verify" -> verify(source, target, db, out);
                    case "cutover" -> cutover(source, target, db, out);
                    case "rollback" -> rollback(source, target, db, out);
                    default -> throw new IllegalArgumentException("unknown step " + step
                            + "; expected plan, copy, verify, cutover or rollback");
                };
                status = Math.max(status, one);
            }
            if (step.equals("plan")) {
                plan(source, databases, out);
            }
            out.flush();
            return status;
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("lakegate migrate: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private static void plan(Metastore source, List<String> databases, PrintWriter out) throws Exception {
        out.printf("%-30s %8s %12s %12s %10s%n", "database", "tables", "partitions", "statistics", "functions");
        long[] total = new long[4];
        for (String db : databases) {
            long tables = 0;
            long partitions = 0;
            long statistics = 0;
            for (String name : source.tables(db)) {
                tables++;
                Table table = source.table(db, name);
                statistics += source.tableStatistics(table) == null ? 0 : 1;
                if (table.getPartitionKeysSize() > 0) {
                    List<String> names = source.partitionNames(db, name);
                    partitions += names.size();
                    for (int i = 0; i < names.size(); i += DatabaseSync.BATCH) {
                        statistics += source.partitionStatistics(table,
                                names.subList(i, Math.min(names.size(), i + DatabaseSync.BATCH))).size();
                    }
                }
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
        out.println("(statistics: tables and partitions with column statistics)");
    }

    private static int copy(Metastore source, NativeTarget target, String db, PrintWriter out) throws Exception {
        switch (target.route(db)) {
            case NATIVE -> throw new IllegalStateException("database " + db
                    + " is routed to the catalog already; roll it back before copying again");
            case CUTOVER, ROLLBACK -> throw new IllegalStateException("a cutover or rollback of " + db
                    + " did not finish; run it again");
            case LEGACY -> { }
        }
        if (target.namespace(db).isEmpty()) {
            target.createRoutedToLegacy(source.database(db));
        }
        long start = System.nanoTime();
        long event = source.currentEventId(); // what happens after this is caught up by the next step
        DatabaseSync.Outcome copied = DatabaseSync.applying(source, target.metastore(), out).run(db);
        double seconds = (System.nanoTime() - start) / 1e9;
        out.printf(Locale.ROOT, "%s: copied %d tables, %,d partitions (%,.0f/s), %d statistics, %d functions"
                + "%s in %.1f s; still routed to the legacy metastore%n", db, copied.tablesCreated,
                copied.partitionsAdded, copied.partitionsAdded / Math.max(seconds, 1e-3), copied.statistics,
                copied.functions, copied.changes(), seconds);
        if (copied.failures.isEmpty()) {
            target.legacyEvent(db, event);
            return 0;
        }
        copied.failures.forEach(f -> out.println("  not copied: " + f));
        return 1;
    }

    private static int verify(Metastore source, NativeTarget target, String db, PrintWriter out) throws Exception {
        List<String> differences = DatabaseSync.comparing(source, target.metastore()).run(db).differences;
        report(out, db, differences);
        return differences.isEmpty() ? 0 : 1;
    }

    private static void report(PrintWriter out, String db, List<String> differences) {
        if (differences.isEmpty()) {
            out.println(db + ": no differences");
        } else {
            out.println(db + ": " + differences.size() + " differences");
            differences.forEach(d -> out.println("  " + d));
        }
    }

    /**
     * Catches up while clients write, then holds the database's writes on every gateway, catches up
     * the rest (from the legacy notification log where it has one), verifies, and routes to the
     * catalog; on any difference the route goes back to the legacy metastore.
     */
    private int cutover(Metastore source, NativeTarget target, String db, PrintWriter out) throws Exception {
        Route route = target.route(db);
        if (route == Route.NATIVE) {
            out.println(db + ": routed to the catalog already");
            return 0;
        }
        if (route == Route.ROLLBACK) {
            out.println(db + ": a rollback did not finish; run rollback again");
            return 1;
        }
        Metastore copy = target.metastore();
        if (target.namespace(db).isEmpty()) {
            if (copy(source, target, db, out) != 0) {
                return 1;
            }
        } else {
            catchUp(source, target, db, out);
        }
        target.route(db, Route.CUTOVER);
        long held = System.nanoTime();
        settle();
        long event = source.currentEventId();
        DatabaseSync.Outcome last = catchUp(source, target, db, out);
        List<String> differences = DatabaseSync.comparing(source, copy).run(db).differences;
        if (refused(target, db, Route.LEGACY, last, differences, out)) {
            return 1;
        }
        target.legacyEvent(db, event);
        target.route(db, Route.NATIVE);
        out.printf(Locale.ROOT, "%s: cut over (writes held %.1f s); the catalog answers for it on every gateway "
                + "within seconds%n", db, (System.nanoTime() - held) / 1e9);
        return 0;
    }

    /**
     * What changed on the legacy side since the catalog's copy was last complete: the tables the
     * notification log names, or all of them when the log cannot tell; then everything again if the
     * log's tables were not enough.
     */
    private static DatabaseSync.Outcome catchUp(Metastore source, NativeTarget target, String db, PrintWriter out)
            throws Exception {
        Optional<Set<String>> changed = source.tablesChangedSince(db, target.legacyEvent(db));
        DatabaseSync.Outcome outcome = DatabaseSync.applying(source, target.metastore(), out).run(db, changed);
        if (changed.isPresent() && !DatabaseSync.comparing(source, target.metastore()).run(db).differences.isEmpty()) {
            outcome = DatabaseSync.applying(source, target.metastore(), out).run(db);
        }
        out.printf(Locale.ROOT, "%s: caught up %s: %d tables, %,d partitions, %d statistics, %d functions%s%n", db,
                changed.map(t -> "from the notification log (" + t.size() + " tables named)").orElse("in full"),
                outcome.tablesCreated, outcome.partitionsAdded, outcome.statistics, outcome.functions,
                outcome.changes());
        return outcome;
    }

    /**
     * Holds the database's writes on every gateway, carries what changed in the catalog back to the
     * legacy metastore, verifies, and routes there; on any difference the route stays native.
     */
    private int rollback(Metastore source, NativeTarget target, String db, PrintWriter out) throws Exception {
        Route route = target.route(db);
        if (target.namespace(db).isEmpty()) {
            out.println(db + ": never copied; routed to the legacy metastore");
            return 0;
        }
        if (route == Route.LEGACY) {
            out.println(db + ": routed to the legacy metastore already");
            return 0;
        }
        if (route == Route.CUTOVER) {
            // A cutover that stopped with writes held: the legacy side is still the database as clients wrote it.
            target.route(db, Route.LEGACY);
            out.println(db + ": routed back to the legacy metastore (its cutover had not finished)");
            return 0;
        }
        target.route(db, Route.ROLLBACK);
        long held = System.nanoTime();
        settle();
        Metastore copy = target.metastore();
        long event = source.currentEventId(); // our own writes below are caught up again: harmless
        DatabaseSync.Outcome back = DatabaseSync.applying(copy, source, out).run(db);
        List<String> differences = DatabaseSync.comparing(copy, source).run(db).differences;
        if (refused(target, db, Route.NATIVE, back, differences, out)) {
            return 1;
        }
        target.legacyEvent(db, event);
        target.route(db, Route.LEGACY);
        out.printf(Locale.ROOT, "%s: routed back to the legacy metastore (writes held %.1f s), carrying back %d "
                + "tables, %,d partitions, %d statistics, %d functions%s%n", db, (System.nanoTime() - held) / 1e9,
                back.tablesCreated, back.partitionsAdded, back.statistics, back.functions, back.changes());
        return 0;
    }

    /**
     * Whether the step must stop: something failed to copy or a difference remains. The route then
     * goes back to the side that was serving, and both are printed.
     */
    private static boolean refused(NativeTarget target, String db, Route serving, DatabaseSync.Outcome outcome,
            List<String> differences, PrintWriter out) {
        if (differences.isEmpty() && outcome.failures.isEmpty()) {
            return false;
        }
        target.route(db, serving);
        out.println(db + ": not " + (serving == Route.LEGACY ? "cut over" : "rolled back") + ", still routed to the "
                + (serving == Route.LEGACY ? "legacy metastore" : "catalog"));
        outcome.failures.forEach(f -> out.println("  not copied: " + f));
        report(out, db, differences);
        return true;
    }

    private void settle() throws InterruptedException {
        Thread.sleep(settleSeconds * 1000L);
    }
}

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
            target.event(db, NativeTarget.LEGACY_EVENT_PROPERTY, event);
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

    /** Moves the database from the legacy metastore to the catalog ({@link #pass}); copies it first if it never was. */
    private int cutover(Metastore legacySide, NativeTarget target, String db, PrintWriter out) throws Exception {
        Route route = target.route(db);
        if (route == Route.NATIVE) {
            out.println(db + ": routed to the catalog already");
            return 0;
        }
        if (route == Route.ROLLBACK) {
            out.println(db + ": a rollback did not finish; run rollback again");
            return 1;
        }
        if (target.namespace(db).isEmpty() && copy(legacySide, target, db, out) != 0) {
            return 1;
        }
        return pass(new Passage(legacySide, target.metastore(), NativeTarget.LEGACY_EVENT_PROPERTY,
                NativeTarget.CATALOG_EVENT_PROPERTY, Route.LEGACY, Route.CUTOVER, Route.NATIVE), target, db, out);
    }

    /** Moves the database back from the catalog to the legacy metastore ({@link #pass}), with what changed in the catalog. */
    private int rollback(Metastore legacySide, NativeTarget target, String db, PrintWriter out) throws Exception {
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
        return pass(new Passage(target.metastore(), legacySide, NativeTarget.CATALOG_EVENT_PROPERTY,
                NativeTarget.LEGACY_EVENT_PROPERTY, Route.NATIVE, Route.ROLLBACK, Route.LEGACY), target, db, out);
    }

    /**
     * One direction of a move: {@code from} serves the database under route {@code serving}; its
     * notification-log position up to which {@code to} is known to match is kept as {@code fromEvent}.
     */
    private record Passage(Metastore from, Metastore to, String fromEvent, String toEvent, Route serving,
            Route holding, Route next) {}

    /**
     * Moves a database between the sides with no write lost and writes held only briefly. While
     * clients keep writing: catch up what the serving side's notification log names since the last
     * known match (everything when it keeps no log) and compare the whole database; a difference in a
     * table nobody wrote meanwhile refuses the move. Then writes are held on every gateway (route
     * {@code holding}, kept until the gateways' route caches have turned over), the tables written
     * meanwhile are made equal and compared again — all of them when there is no log — and the route
     * flips to {@code next}. On any difference the route goes back to {@code serving}.
     */
    private int pass(Passage p, NativeTarget target, String db, PrintWriter out) throws Exception {
        long start = System.nanoTime();
        long mark = p.from().currentEventId();
        Optional<Set<String>> sinceMatch = p.from().tablesChangedSince(db, target.event(db, p.fromEvent()));
        DatabaseSync.Outcome caught = DatabaseSync.applying(p.from(), p.to(), out).run(db, sinceMatch);
        print(out, db, "caught up " + scope(sinceMatch), caught);
        if (sinceMatch.isPresent()) {
            DatabaseSync.Outcome check = DatabaseSync.comparing(p.from(), p.to()).run(db);
            Optional<Set<String>> moving = p.from().tablesChangedSince(db, mark);
            if (!explainedBy(check, moving)) {
                DatabaseSync.Outcome full = DatabaseSync.applying(p.from(), p.to(), out).run(db);
                print(out, db, "caught up in full", full);
                check = DatabaseSync.comparing(p.from(), p.to()).run(db);
                if (!explainedBy(check, p.from().tablesChangedSince(db, mark))
                        && refused(target, db, p.serving(), full, check.differences, out)) {
                    return 1;
                }
            }
        }

        target.route(db, p.holding());
        long held = System.nanoTime();
        settle();
        long last = p.from().currentEventId();
        Optional<Set<String>> written = sinceMatch.isPresent() ? p.from().tablesChangedSince(db, mark)
                : Optional.empty();
        DatabaseSync.Outcome rest = DatabaseSync.applying(p.from(), p.to(), out).run(db, written);
        print(out, db, "with writes held, caught up " + scope(written), rest);
        List<String> differences = DatabaseSync.comparing(p.from(), p.to()).run(db, written).differences;
        if (refused(target, db, p.serving(), rest, differences, out)) {
            return 1;
        }
        target.event(db, p.fromEvent(), last);
        target.event(db, p.toEvent(), p.to().currentEventId());
        target.route(db, p.next());
        out.printf(Locale.ROOT, "%s: %s (writes held %.1f s, %.1f s in all); %s on every gateway within seconds%n", db,
                p.next() == Route.NATIVE ? "cut over" : "routed back to the legacy metastore",
                (System.nanoTime() - held) / 1e9, (System.nanoTime() - start) / 1e9,
                p.next() == Route.NATIVE ? "the catalog answers for it" : "the legacy metastore answers for it");
        return 0;
    }

    /** Whether every difference is in a table written since the comparison began (caught up with writes held). */
    private static boolean explainedBy(DatabaseSync.Outcome check, Optional<Set<String>> written) {
        return check.failures.isEmpty() && !check.databaseDiffers && written.isPresent()
                && written.get().containsAll(check.tablesDiffering);
    }

    private static String scope(Optional<Set<String>> tables) {
        return tables.map(t -> "from the notification log (" + t.size() + " tables named)").orElse("in full");
    }

    private static void print(PrintWriter out, String db, String what, DatabaseSync.Outcome outcome) {
        out.printf(Locale.ROOT, "%s: %s: %d tables, %,d partitions, %d statistics, %d functions%s%n", db, what,
                outcome.tablesCreated, outcome.partitionsAdded, outcome.statistics, outcome.functions,
                outcome.changes());
    }

    /**
     * Whether the move must stop: something failed to copy or a difference remains. The route then
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

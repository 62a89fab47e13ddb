package dev.lakegate.launcher.migrate;

import dev.lakegate.migration.Migration;
import dev.lakegate.migration.MigrationOptions;
import dev.lakegate.migration.PlanCounts;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lakegate migrate}: moves databases from a running Hive Metastore into the catalog, one at a
 * time, while the gateways in front of it ({@code serve --legacy}) keep serving; the {@link Migration}
 * does it. The step runs on each database the pattern names, in turn; the exit status is 1 when it left
 * any of them not as it wants (a difference, something not copied, a move refused), or when a database's
 * state or the arguments stopped it (with the reason on standard error).
 */
@Command(
        name = "migrate",
        mixinStandardHelpOptions = true,
        description = "Moves databases from a running Hive Metastore into the catalog: plan, copy, verify, "
                + "cutover, rollback.")
public final class MigrateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "STEP", description = "plan | copy | verify | cutover | rollback")
    String step;

    @Option(
            names = "--legacy",
            required = true,
            paramLabel = "URI",
            description = "The Hive Metastore to migrate from (thrift://host:port).")
    URI legacy;

    @Option(
            names = "--catalog",
            defaultValue = "127.0.0.1:9090",
            paramLabel = "HOST:PORT",
            description = "The catalog's gRPC address (default: ${DEFAULT-VALUE}).")
    String catalog;

    @Option(
            names = "--db",
            defaultValue = "*",
            paramLabel = "PATTERN",
            description = "Databases to work on, an HMS pattern (default: all).")
    String pattern;

    @Option(
            names = "--settle",
            defaultValue = "0.25",
            paramLabel = "SECONDS",
            description = "How long cutover and rollback, having held writes, wait for writes the gateways let "
                    + "through before: at least 0.25, for which a gateway acknowledges one "
                    + "(default: ${DEFAULT-VALUE}).")
    double settleSeconds;

    @Option(
            names = "--warehouse",
            defaultValue = "file:./data/warehouse",
            description = "Warehouse root for anything copied without a location (default: ${DEFAULT-VALUE}).")
    String warehouse;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        MigrationPrinter printer = new MigrationPrinter(out);
        MigrationOptions options = new MigrationOptions(
                legacy, catalog, pattern, Duration.ofMillis(Math.round(settleSeconds * 1000)), warehouse);
        try (Migration migration = Migration.open(options)) {
            List<String> databases = migration.databases();
            int status = 0;
            for (String db : databases) {
                boolean done = switch (step) {
                    case "plan" -> true;
                    case "copy" -> migration.copy(db, printer);
                    case "verify" -> migration.verify(db, printer);
                    case "cutover" -> migration.cutover(db, printer);
                    case "rollback" -> migration.rollback(db, printer);
                    default ->
                        throw new IllegalArgumentException(
                                "unknown step " + step + "; expected plan, copy, verify, cutover or rollback");
                };
                status = Math.max(status, done ? 0 : 1);
            }
            if (step.equals("plan")) {
                plan(migration, databases, printer);
            }
            out.flush();
            return status;
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("lakegate migrate: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private static void plan(Migration migration, List<String> databases, MigrationPrinter printer) throws Exception {
        printer.planHeader();
        PlanCounts total = PlanCounts.NONE;
        for (String db : databases) {
            PlanCounts counts = migration.plan(db);
            printer.planRow(db, counts);
            total = total.plus(counts);
        }
        printer.planRow("total (" + databases.size() + " databases)", total);
        printer.planFooter();
    }
}

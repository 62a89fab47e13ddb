package dev.lakegate.launcher.migrate;

import static java.util.Objects.requireNonNull;

import dev.lakegate.migration.Direction;
import dev.lakegate.migration.HoldPhase;
import dev.lakegate.migration.MigrationEvent;
import dev.lakegate.migration.MigrationEvent.CaughtUp;
import dev.lakegate.migration.MigrationEvent.Copied;
import dev.lakegate.migration.MigrationEvent.MetadataUnread;
import dev.lakegate.migration.MigrationEvent.Moved;
import dev.lakegate.migration.MigrationEvent.PartitionsCopied;
import dev.lakegate.migration.MigrationEvent.PartitionsCopying;
import dev.lakegate.migration.MigrationEvent.Refused;
import dev.lakegate.migration.MigrationEvent.Unmoved;
import dev.lakegate.migration.MigrationEvent.Verified;
import dev.lakegate.migration.PlanCounts;
import dev.lakegate.migration.RouteState;
import dev.lakegate.migration.SyncTally;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Consumer;

/**
 * How {@code lakegate migrate} shows a migration to an operator: a line for each thing a step did, as
 * it happens, a progress bar redrawn in place while partitions are copied, and the plan as a table.
 */
final class MigrationPrinter implements Consumer<MigrationEvent> {

    private static final int BAR_WIDTH = 20;

    private final PrintWriter out;

    MigrationPrinter(PrintWriter out) {
        this.out = requireNonNull(out, "out is null");
    }

    void planHeader() {
        out.printf("%-30s %8s %12s %12s %10s%n", "database", "tables", "partitions", "statistics", "functions");
    }

    void planRow(String name, PlanCounts counts) {
        out.printf(
                Locale.ROOT,
                "%-30s %,8d %,12d %,12d %,10d%n",
                name,
                counts.tables(),
                counts.partitions(),
                counts.statistics(),
                counts.functions());
    }

    void planFooter() {
        out.println("(statistics: tables and partitions with column statistics)");
    }

    @Override
    public void accept(MigrationEvent event) {
        if (event instanceof PartitionsCopying e) {
            progress(e);
        } else if (event instanceof PartitionsCopied) {
            out.println(); // ends the bar's line
        } else if (event instanceof Copied e) {
            copied(e);
        } else if (event instanceof Verified e) {
            differences(e.database(), e.differences());
        } else if (event instanceof CaughtUp e) {
            caughtUp(e);
        } else if (event instanceof Refused e) {
            refused(e);
        } else if (event instanceof Moved e) {
            moved(e);
        } else if (event instanceof MetadataUnread e) {
            out.println(e.database() + "." + e.table() + ": Iceberg metadata file " + e.metadataLocation()
                    + " could not be read; copied with its pointer alone (" + e.why() + ")");
        } else if (event instanceof Unmoved e) {
            out.println(e.database() + ": " + unmoved(e.state()));
        } else {
            throw new IllegalArgumentException("unknown migration event " + event);
        }
    }

    private void progress(PartitionsCopying e) {
        int filled = (int) (BAR_WIDTH * e.done() / Math.max(1, e.total()));
        out.printf(
                Locale.ROOT,
                "\r%s.%s: [%s%s] %,d/%,d partitions, %,.0f/s, %.0f s left",
                e.database(),
                e.table(),
                "#".repeat(filled),
                " ".repeat(BAR_WIDTH - filled),
                e.done(),
                e.total(),
                e.perSecond(),
                e.secondsLeft());
        out.flush();
    }

    private void copied(Copied e) {
        SyncTally t = e.tally();
        double seconds = seconds(e.took());
        out.printf(
                Locale.ROOT,
                "%s: copied %d tables, %,d partitions (%,.0f/s), %d statistics, %d functions"
                        + "%s in %.1f s; still routed to the legacy metastore%n",
                e.database(),
                t.tablesCreated(),
                t.partitionsAdded(),
                t.partitionsAdded() / Math.max(seconds, 1e-3),
                t.statistics(),
                t.functions(),
                changes(t),
                seconds);
        notCopied(e.failures());
    }

    private void caughtUp(CaughtUp e) {
        String scope = e.tablesNamed().isPresent()
                ? "from the notification log (" + e.tablesNamed().getAsInt() + " tables named)"
                : "in full";
        SyncTally t = e.tally();
        out.printf(
                Locale.ROOT,
                "%s: %s: %d tables, %,d partitions, %d statistics, %d functions%s%n",
                e.database(),
                (e.writesHeld() ? "with writes held, caught up " : "caught up ") + scope,
                t.tablesCreated(),
                t.partitionsAdded(),
                t.statistics(),
                t.functions(),
                changes(t));
    }

    private void refused(Refused e) {
        boolean cutover = e.direction() == Direction.CUTOVER;
        out.println(e.database() + ": not " + (cutover ? "cut over" : "rolled back") + ", still routed to the "
                + (cutover ? "legacy metastore" : "catalog"));
        notCopied(e.failures());
        differences(e.database(), e.differences());
    }

    private void moved(Moved e) {
        boolean cutover = e.direction() == Direction.CUTOVER;
        out.printf(
                Locale.ROOT,
                "%s: %s (writes held %.2f s%s, %.1f s in all); %s on every gateway within seconds%n",
                e.database(),
                cutover ? "cut over" : "routed back to the legacy metastore",
                seconds(e.held()),
                phases(e.phases()),
                seconds(e.took()),
                cutover ? "the catalog answers for it" : "the legacy metastore answers for it");
    }

    /** Where the hold went, e.g. " (route 0.01, settle 0.25, catch-up 0.12, verify 0.00, log 0.02)". */
    private static String phases(Map<HoldPhase, Duration> phases) {
        if (phases.isEmpty()) {
            return "";
        }
        StringJoiner parts = new StringJoiner(", ", " (", ")");
        phases.forEach((phase, took) -> parts.add(String.format(
                Locale.ROOT, "%s %.2f", phase.name().toLowerCase(Locale.ROOT).replace('_', '-'), seconds(took))));
        return parts.toString();
    }

    private static String unmoved(RouteState state) {
        return switch (state) {
            case NATIVE_ALREADY -> "routed to the catalog already";
            case ROLLBACK_UNFINISHED -> "a rollback did not finish; run rollback again";
            case NEVER_COPIED -> "never copied; routed to the legacy metastore";
            case LEGACY_ALREADY -> "routed to the legacy metastore already";
            case CUTOVER_UNDONE -> "routed back to the legacy metastore (its cutover had not finished)";
        };
    }

    private void differences(String db, List<String> differences) {
        if (differences.isEmpty()) {
            out.println(db + ": no differences");
        } else {
            out.println(db + ": " + differences.size() + " differences");
            differences.forEach(d -> out.println("  " + d));
        }
    }

    private void notCopied(List<String> failures) {
        failures.forEach(f -> out.println("  not copied: " + f));
    }

    /** What was changed to match and dropped, beside what was created. */
    private static String changes(SyncTally t) {
        StringBuilder out = new StringBuilder();
        if (t.tablesChanged() + t.partitionsChanged() > 0) {
            out.append(String.format(
                    Locale.ROOT, "; changed %d tables, %,d partitions", t.tablesChanged(), t.partitionsChanged()));
        }
        if (t.tablesDropped() + t.partitionsDropped() > 0) {
            out.append(String.format(
                    Locale.ROOT,
                    "; dropped %d tables, %,d partitions (data kept)",
                    t.tablesDropped(),
                    t.partitionsDropped()));
        }
        return out.toString();
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }
}

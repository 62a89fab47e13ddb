package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.apache.thrift.TException;

/**
 * Moves a database between the sides with no write lost and writes held only briefly. While
 * clients keep writing: catch up what the serving side's notification log names since the last
 * known match (everything when it keeps no log) and compare the whole database; a difference in a
 * table nobody wrote meanwhile refuses the move; then once more what was written during that comparison.
 * Then writes are held on every gateway (route {@code holding}; a gateway reads a write's route afresh,
 * and {@code settle} is waited for writes already on their way, see {@code DatabaseRoutes.WRITE_GRACE}),
 * the tables written since the last round are made equal — all of them when there is no log — those
 * changed compared again, and the route flips to {@code next}. On any difference the route goes back to
 * {@code serving}. The gateways' one notification log tells each change once throughout ({@link OneLog}).
 */
final class Move {

    private final NativeTarget target;
    private final OneLog log;
    private final Duration settle;

    Move(NativeTarget target, OneLog log, Duration settle) {
        this.target = requireNonNull(target, "target is null");
        this.log = requireNonNull(log, "log is null");
        this.settle = requireNonNull(settle, "settle is null");
    }

    /** Whether the database moved. */
    boolean run(Passage p, String db, Consumer<MigrationEvent> report) throws TException, InterruptedException {
        try (OneLog.Seam seam = log.open(p.direction(), db)) {
            return run(p, db, seam, report);
        }
    }

    private boolean run(Passage p, String db, OneLog.Seam seam, Consumer<MigrationEvent> report)
            throws TException, InterruptedException {
        long start = System.nanoTime();
        long mark = p.from().currentEventId();
        Optional<Set<String>> sinceMatch = p.from().tablesChangedSince(db, target.event(db, p.fromEvent()));
        SyncOutcome caught = DatabaseSync.applying(p.from(), p.to(), report).run(db, sinceMatch);
        report.accept(new MigrationEvent.CaughtUp(db, false, named(sinceMatch), caught.tally()));
        Set<String> unsettled = new TreeSet<>();
        if (sinceMatch.isPresent()) {
            SyncOutcome check = DatabaseSync.comparing(p.from(), p.to()).run(db);
            Optional<Set<String>> moving = p.from().tablesChangedSince(db, mark);
            if (!explainedBy(check, moving)) {
                SyncOutcome full =
                        DatabaseSync.applying(p.from(), p.to(), report).run(db);
                report.accept(new MigrationEvent.CaughtUp(db, false, OptionalInt.empty(), full.tally()));
                check = DatabaseSync.comparing(p.from(), p.to()).run(db);
                if (!explainedBy(check, p.from().tablesChangedSince(db, mark))
                        && refused(p, db, full, check.differences, report)) {
                    return false;
                }
            }
            // Once more for what was written while the whole database was compared, so that the hold has only
            // the last few changes to make; a table this round changed is caught up and compared again there.
            long next = p.from().currentEventId();
            Optional<Set<String>> recent = p.from().tablesChangedSince(db, mark);
            if (recent.isPresent()) {
                SyncOutcome again =
                        DatabaseSync.applying(p.from(), p.to(), report).run(db, recent);
                report.accept(new MigrationEvent.CaughtUp(db, false, named(recent), again.tally()));
                if (again.failures.isEmpty() && !again.databaseDiffers) {
                    mark = next;
                    unsettled.addAll(again.tablesDiffering);
                }
            }
        }
        seam.beforeHold();

        HoldClock clock = new HoldClock();
        target.route(db, p.holding());
        clock.lap(HoldPhase.ROUTE);
        // Gateways read a write's route afresh, and acknowledge one that took longer only if the route stayed:
        // waiting this long leaves no acknowledged write on the serving side still to land.
        Thread.sleep(settle.toMillis());
        clock.lap(HoldPhase.SETTLE);
        long last = p.from().currentEventId();
        Optional<Set<String>> written = sinceMatch.isPresent()
                ? p.from().tablesChangedSince(db, mark).map(t -> union(t, unsettled))
                : Optional.empty();
        SyncOutcome rest = DatabaseSync.applying(p.from(), p.to(), report).run(db, written);
        report.accept(new MigrationEvent.CaughtUp(db, true, named(written), rest.tally()));
        clock.lap(HoldPhase.CATCH_UP);
        // What the catch-up found equal was compared with writes held already: only what it changed is again.
        List<String> differences = rest.differences.isEmpty()
                ? List.of()
                : DatabaseSync.comparing(p.from(), p.to()).run(db, Optional.of(rest.tablesDiffering)).differences;
        clock.lap(HoldPhase.VERIFY);
        if (refused(p, db, rest, differences, report)) {
            return false;
        }
        seam.beforeFlip();
        clock.lap(HoldPhase.LOG);
        target.event(db, p.fromEvent(), last);
        target.event(db, p.toEvent(), p.to().currentEventId());
        target.route(db, p.next());
        clock.lap(HoldPhase.ROUTE);
        report.accept(new MigrationEvent.Moved(
                db, p.direction(), clock.held(), Duration.ofNanos(System.nanoTime() - start), clock.phases()));
        return true;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    /** Whether every difference is in a table written since the comparison began (caught up with writes held). */
    private static boolean explainedBy(SyncOutcome check, Optional<Set<String>> written) {
        return check.failures.isEmpty()
                && !check.databaseDiffers
                && written.isPresent()
                && written.get().containsAll(check.tablesDiffering);
    }

    private static OptionalInt named(Optional<Set<String>> tables) {
        return tables.map(t -> OptionalInt.of(t.size())).orElse(OptionalInt.empty());
    }

    /**
     * Whether the move must stop: something failed to copy or a difference remains. The route then
     * goes back to the side that was serving, and both are reported.
     */
    private boolean refused(
            Passage p, String db, SyncOutcome outcome, List<String> differences, Consumer<MigrationEvent> report) {
        if (differences.isEmpty() && outcome.failures.isEmpty()) {
            return false;
        }
        target.route(db, p.serving());
        report.accept(new MigrationEvent.Refused(db, p.direction(), outcome.failures, differences));
        return true;
    }
}

package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.thrift.TException;

/**
 * Moves a database between the sides with no write lost and writes held only briefly. While
 * clients keep writing: catch up what the serving side's notification log names since the last
 * known match (everything when it keeps no log) and compare the whole database; a difference in a
 * table nobody wrote meanwhile refuses the move. Then writes are held on every gateway (route
 * {@code holding}, kept for {@code settle}, until the gateways' route caches have turned over), the
 * tables written meanwhile are made equal and compared again — all of them when there is no log —
 * and the route flips to {@code next}. On any difference the route goes back to {@code serving}. The gateways'
 * one notification log tells each change once throughout ({@link OneLog}).
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
        }

        target.route(db, p.holding());
        long held = System.nanoTime();
        Thread.sleep(settle.toMillis());
        long last = p.from().currentEventId();
        Optional<Set<String>> written =
                sinceMatch.isPresent() ? p.from().tablesChangedSince(db, mark) : Optional.empty();
        SyncOutcome rest = DatabaseSync.applying(p.from(), p.to(), report).run(db, written);
        report.accept(new MigrationEvent.CaughtUp(db, true, named(written), rest.tally()));
        List<String> differences = DatabaseSync.comparing(p.from(), p.to()).run(db, written).differences;
        if (refused(p, db, rest, differences, report)) {
            return false;
        }
        seam.beforeFlip();
        target.event(db, p.fromEvent(), last);
        target.event(db, p.toEvent(), p.to().currentEventId());
        target.route(db, p.next());
        long now = System.nanoTime();
        report.accept(new MigrationEvent.Moved(
                db, p.direction(), Duration.ofNanos(now - held), Duration.ofNanos(now - start)));
        return true;
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

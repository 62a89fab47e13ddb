package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.legacy.Route;
import java.util.function.Consumer;
import org.apache.thrift.TException;

/**
 * Cutover and rollback: where the database's route leaves nothing to move (or a step that did not
 * finish must be run again first) they say so; otherwise the {@link Move}.
 */
final class MoveSteps {

    private final Metastore legacy;
    private final NativeTarget target;
    private final CopyStep copy;
    private final Move move;

    MoveSteps(Metastore legacy, NativeTarget target, CopyStep copy, Move move) {
        this.legacy = requireNonNull(legacy, "legacy is null");
        this.target = requireNonNull(target, "target is null");
        this.copy = requireNonNull(copy, "copy is null");
        this.move = requireNonNull(move, "move is null");
    }

    /** Moves the database from the legacy metastore to the catalog; copies it first if it never was. */
    boolean cutover(String db, Consumer<MigrationEvent> report) throws TException, InterruptedException {
        Route route = target.route(db);
        if (route == Route.NATIVE) {
            report.accept(new MigrationEvent.Unmoved(db, RouteState.NATIVE_ALREADY));
            return true;
        }
        if (route == Route.ROLLBACK) {
            report.accept(new MigrationEvent.Unmoved(db, RouteState.ROLLBACK_UNFINISHED));
            return false;
        }
        if (target.namespace(db).isEmpty() && !copy.run(db, report)) {
            return false;
        }
        return move.run(Passage.cutover(legacy, target), db, report);
    }

    /** Moves the database back from the catalog to the legacy metastore, with what changed in the catalog. */
    boolean rollback(String db, Consumer<MigrationEvent> report) throws TException, InterruptedException {
        Route route = target.route(db);
        if (target.namespace(db).isEmpty()) {
            report.accept(new MigrationEvent.Unmoved(db, RouteState.NEVER_COPIED));
            return true;
        }
        if (route == Route.LEGACY) {
            report.accept(new MigrationEvent.Unmoved(db, RouteState.LEGACY_ALREADY));
            return true;
        }
        if (route == Route.CUTOVER) {
            // A cutover that stopped with writes held: the legacy side is still the database as clients wrote it.
            target.route(db, Route.LEGACY);
            report.accept(new MigrationEvent.Unmoved(db, RouteState.CUTOVER_UNDONE));
            return true;
        }
        return move.run(Passage.rollback(legacy, target), db, report);
    }
}

package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.function.Consumer;
import org.apache.thrift.TException;

/**
 * Copies a database into the catalog while it stays routed to the legacy metastore: created there
 * routed to the legacy side if new, then made equal. On success the legacy notification-log position
 * read before the copy is kept, so that the next step catches up only what happened after it.
 */
final class CopyStep {

    private final Metastore source;
    private final NativeTarget target;

    CopyStep(Metastore source, NativeTarget target) {
        this.source = requireNonNull(source, "source is null");
        this.target = requireNonNull(target, "target is null");
    }

    /** Whether everything was copied. */
    boolean run(String database, Consumer<MigrationEvent> report) throws TException {
        switch (target.route(database)) {
            case NATIVE ->
                throw new IllegalStateException("database " + database
                        + " is routed to the catalog already; roll it back before copying again");
            case CUTOVER, ROLLBACK ->
                throw new IllegalStateException(
                        "a cutover or rollback of " + database + " did not finish; run it again");
            case LEGACY -> {}
        }
        if (target.namespace(database).isEmpty()) {
            target.createRoutedToLegacy(source.database(database));
        }
        long start = System.nanoTime();
        long event = source.currentEventId(); // what happens after this is caught up by the next step
        SyncOutcome copied =
                DatabaseSync.applying(source, target.metastore(), report).run(database);
        report.accept(new MigrationEvent.Copied(
                database, copied.tally(), Duration.ofNanos(System.nanoTime() - start), copied.failures));
        if (copied.failures.isEmpty()) {
            target.event(database, NativeTarget.LEGACY_EVENT_PROPERTY, event);
            return true;
        }
        return false;
    }
}

package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.function.Consumer;
import org.apache.thrift.TException;

/**
 * Moves databases from a running Hive Metastore into the catalog, one at a time, while the gateways in
 * front of it ({@code serve --legacy}) keep serving. Every step is safe to re-run: copy changes only
 * what differs, verify changes nothing, cutover and rollback hold the database's writes on every
 * gateway while they make the last changes, and refuse (putting the route back) while verify finds a
 * difference.
 *
 * <p>Each step works on one database and reports what it does, as it does it, to the given consumer;
 * it returns whether the database ended as the step wants it. A step that cannot start for the state
 * the database is in throws {@link IllegalStateException}.
 */
public final class Migration implements AutoCloseable {

    private final MigrationOptions options;
    private final LegacySource legacy;
    private final NativeTarget target;
    private final CopyStep copy;
    private final MoveSteps moves;

    private Migration(MigrationOptions options, LegacySource legacy, NativeTarget target) {
        this.options = options;
        this.legacy = legacy;
        this.target = target;
        this.copy = new CopyStep(legacy.metastore(), target);
        this.moves = new MoveSteps(
                legacy.metastore(),
                target,
                copy,
                new Move(target, new OneLog(legacy.metastore(), target.catalog()), options.settle()));
    }

    /**
     * Connects to both sides: the legacy metastore first, then the catalog.
     *
     * @throws IllegalArgumentException for a legacy address that is not thrift://host:port or a catalog
     *     port that is not a number
     */
    public static Migration open(MigrationOptions options) throws TException {
        requireNonNull(options, "options is null");
        LegacySource legacy = new LegacySource(options.legacy());
        try {
            return new Migration(options, legacy, NativeTarget.connect(options.catalog(), options.warehouse()));
        } catch (RuntimeException e) {
            legacy.close();
            throw e;
        }
    }

    /** The legacy metastore's databases that the options' pattern names. */
    public List<String> databases() throws TException {
        return legacy.metastore().hms().get_databases(options.databases());
    }

    /** What the database holds on the legacy metastore; nothing is written. */
    public PlanCounts plan(String database) throws TException {
        return new Planner(legacy.metastore()).count(database);
    }

    /** Copies the database into the catalog; it stays routed to the legacy metastore. */
    public boolean copy(String database, Consumer<MigrationEvent> report) throws TException {
        return copy.run(database, report);
    }

    /** Compares the catalog's copy with the legacy metastore, changing nothing; true when they match. */
    public boolean verify(String database, Consumer<MigrationEvent> report) throws TException {
        List<String> differences =
                DatabaseSync.comparing(legacy.metastore(), target.metastore()).run(database).differences;
        report.accept(new MigrationEvent.Verified(database, differences));
        return differences.isEmpty();
    }

    /** Routes the database to the catalog, copying and catching up first. */
    public boolean cutover(String database, Consumer<MigrationEvent> report) throws TException, InterruptedException {
        return moves.cutover(database, report);
    }

    /** Routes the database back to the legacy metastore, carrying back what changed in the catalog. */
    public boolean rollback(String database, Consumer<MigrationEvent> report) throws TException, InterruptedException {
        return moves.rollback(database, report);
    }

    @Override
    public void close() {
        try {
            target.close();
        } finally {
            legacy.close();
        }
    }
}

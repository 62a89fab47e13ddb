package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * What a migration step reports while it runs, in the order it happens, so that whoever drives it can
 * show an operator each part as soon as it is done (a cutover holds writes meanwhile). Figures only:
 * how they are shown is the caller's.
 */
public sealed interface MigrationEvent {

    /** The database the event is about. */
    String database();

    /**
     * Partitions being added to one table: {@code done} of the {@code total} missing ones so far, in
     * {@code elapsed}. Reported after each batch of a copy.
     */
    record PartitionsCopying(String database, String table, long done, long total, Duration elapsed)
            implements MigrationEvent {

        public PartitionsCopying {
            requireNonNull(database, "database is null");
            requireNonNull(table, "table is null");
            requireNonNull(elapsed, "elapsed is null");
        }

        public double perSecond() {
            return done / Math.max(1e-3, elapsed.toNanos() / 1e9);
        }

        public double secondsLeft() {
            return (total - done) / perSecond();
        }
    }

    /**
     * An Iceberg table copied with its metadata pointer alone: the file it points at could not be read
     * ({@code why}: the catalog's words for the refused create), so the catalog knows none of its
     * snapshots until a commit moves the pointer to a file it can read.
     */
    record MetadataUnread(String database, String table, String metadataLocation, String why)
            implements MigrationEvent {

        public MetadataUnread {
            requireNonNull(database, "database is null");
            requireNonNull(table, "table is null");
            requireNonNull(metadataLocation, "metadataLocation is null");
            requireNonNull(why, "why is null");
        }
    }

    /** The partitions of one table are added: follows its last {@link PartitionsCopying}. */
    record PartitionsCopied(String database, String table) implements MigrationEvent {

        public PartitionsCopied {
            requireNonNull(database, "database is null");
            requireNonNull(table, "table is null");
        }
    }

    /**
     * A copy into the catalog ended: what it changed, in {@code took}. With {@code failures} (objects it
     * could not copy) the catalog's copy is not known complete; the database stays routed to the legacy
     * metastore either way.
     */
    record Copied(String database, SyncTally tally, Duration took, List<String> failures) implements MigrationEvent {

        public Copied {
            requireNonNull(database, "database is null");
            requireNonNull(tally, "tally is null");
            requireNonNull(took, "took is null");
            failures = List.copyOf(failures);
        }
    }

    /** What a verify found different between the two sides; none when the copy matches. */
    record Verified(String database, List<String> differences) implements MigrationEvent {

        public Verified {
            requireNonNull(database, "database is null");
            differences = List.copyOf(differences);
        }
    }

    /**
     * One catch-up of a cutover or rollback: the side taking over made equal to the serving side, in
     * full or, with {@code tablesNamed}, for the tables the notification log named; {@code writesHeld}
     * for the last one, made while every gateway refuses the database's writes.
     */
    record CaughtUp(String database, boolean writesHeld, OptionalInt tablesNamed, SyncTally tally)
            implements MigrationEvent {

        public CaughtUp {
            requireNonNull(database, "database is null");
            requireNonNull(tablesNamed, "tablesNamed is null");
            requireNonNull(tally, "tally is null");
        }
    }

    /**
     * A cutover or rollback that stopped: something failed to copy or a difference remained. The route
     * is back on the side that was serving.
     */
    record Refused(String database, Direction direction, List<String> failures, List<String> differences)
            implements MigrationEvent {

        public Refused {
            requireNonNull(database, "database is null");
            requireNonNull(direction, "direction is null");
            failures = List.copyOf(failures);
            differences = List.copyOf(differences);
        }
    }

    /**
     * A cutover or rollback that finished: the route names the other side, which every gateway follows
     * once its route cache turns over (a write reads it afresh). Writes were held for {@code held} of the
     * {@code took} in all, spent as {@code phases} says.
     */
    record Moved(String database, Direction direction, Duration held, Duration took, Map<HoldPhase, Duration> phases)
            implements MigrationEvent {

        public Moved {
            requireNonNull(database, "database is null");
            requireNonNull(direction, "direction is null");
            requireNonNull(held, "held is null");
            requireNonNull(took, "took is null");
            EnumMap<HoldPhase, Duration> copy = new EnumMap<>(HoldPhase.class);
            copy.putAll(phases);
            phases = Collections.unmodifiableMap(copy);
        }
    }

    /** A cutover or rollback with nothing to move, or that could not start: why. */
    record Unmoved(String database, RouteState state) implements MigrationEvent {

        public Unmoved {
            requireNonNull(database, "database is null");
            requireNonNull(state, "state is null");
        }
    }
}

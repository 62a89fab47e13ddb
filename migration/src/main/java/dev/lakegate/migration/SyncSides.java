package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.tables.HiveRules;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;

/**
 * What every part of one {@link DatabaseSync} shares: the side read ({@code from}), the side made to
 * match it ({@code to}), whether it writes ({@code apply}) or only names differences, how it names
 * them, and where the progress of its writes is reported.
 */
record SyncSides(Metastore from, Metastore to, boolean apply, Differ differ, Consumer<MigrationEvent> report) {

    SyncSides {
        requireNonNull(from, "from is null");
        requireNonNull(to, "to is null");
        requireNonNull(differ, "differ is null");
        requireNonNull(report, "report is null");
    }

    static SyncSides of(Metastore from, Metastore to, boolean apply, Consumer<MigrationEvent> report) {
        return new SyncSides(from, to, apply, new Differ(from, to), report);
    }

    /** As {@link #asItIs()}, and an Iceberg table whose metadata file cannot be read keeps its pointer alone. */
    static EnvironmentContext asItIsKeepingUnreadableMetadata() {
        EnvironmentContext context = asItIs();
        context.putToProperties(HiveRules.MIGRATION_KEEP_UNREADABLE_METADATA, "true");
        return context;
    }

    /** Written as the other side has it: no statistics recomputed, no HMS 4 translation, its own times. */
    static EnvironmentContext asItIs() {
        return new EnvironmentContext(
                new HashMap<>(Map.of("DO_NOT_UPDATE_STATS", "true", HiveRules.MIGRATION_COPY, "true")));
    }
}

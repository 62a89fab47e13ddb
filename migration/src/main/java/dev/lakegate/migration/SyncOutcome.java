package dev.lakegate.migration;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** What one {@link DatabaseSync} run found and did, filled in as it goes. */
final class SyncOutcome {

    final List<String> differences = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    /** The tables a difference was found in (or that only one side has). */
    final Set<String> tablesDiffering = new TreeSet<>();
    /** Whether the database itself or its functions differ. */
    boolean databaseDiffers;

    int tablesCreated;
    int tablesChanged;
    int tablesDropped;
    long partitionsAdded;
    long partitionsChanged;
    long partitionsDropped;
    int statistics;
    int functions;

    SyncTally tally() {
        return new SyncTally(
                tablesCreated,
                tablesChanged,
                tablesDropped,
                partitionsAdded,
                partitionsChanged,
                partitionsDropped,
                statistics,
                functions);
    }
}

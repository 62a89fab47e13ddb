package dev.lakegate.hms.handler.misc;

import dev.lakegate.catalog.v1.EventType;
import dev.lakegate.translator.events.HiveEventType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The event types a {@code get_next_notification} asks for ({@code eventTypeList}, Hive 4.1) or
 * skips ({@code eventTypeSkipList}), checked exactly on each HMS event, and the native event types
 * that may yield one of them, so the catalog can leave the others out of its pages. Which HMS type
 * a native event becomes depends on its change (the translator decides), so a native type may
 * become any HMS type of its family and is left out only if none of them is wanted.
 */
public final class EventTypeFilter {

    private static final Map<EventType, Set<String>> FAMILIES = families();

    private final Set<String> include;
    private final Set<String> skip;

    private EventTypeFilter(Set<String> include, Set<String> skip) {
        this.include = include;
        this.skip = skip;
    }

    /**
     * @param include the types wanted, or null for all; like HMS, an empty list is read as no filter
     * @param skip the types left out, or null for none
     */
    public static EventTypeFilter of(List<String> include, List<String> skip) {
        return new EventTypeFilter(
                include == null || include.isEmpty() ? null : Set.copyOf(include),
                skip == null ? Set.of() : Set.copyOf(skip));
    }

    public boolean isFiltering() {
        return include != null || !skip.isEmpty();
    }

    public boolean accepts(String hmsType) {
        return (include == null || include.contains(hmsType)) && !skip.contains(hmsType);
    }

    /**
     * The native types to ask the catalog for: empty means all of them. Events of a legacy metastore's log
     * ({@link EventType#FOREIGN}) may be of any HMS type, so they are always asked for.
     */
    public List<EventType> nativeTypes() {
        if (!isFiltering()) {
            return List.of();
        }
        List<EventType> wanted = new ArrayList<>();
        FAMILIES.forEach((type, family) -> {
            if (family.stream().anyMatch(this::accepts)) {
                wanted.add(type);
            }
        });
        if (wanted.size() == FAMILIES.size()) {
            return List.of();
        }
        wanted.add(EventType.FOREIGN);
        return wanted.stream().sorted().toList();
    }

    /**
     * True when no event can pass: only types are wanted that are all skipped too. (Types no native event
     * becomes, such as constraint events, can still come from a legacy metastore's log.)
     */
    public boolean acceptsNothing() {
        return include != null && include.stream().noneMatch(this::accepts);
    }

    private static Map<EventType, Set<String>> families() {
        Set<String> databases =
                names(HiveEventType.CREATE_DATABASE, HiveEventType.ALTER_DATABASE, HiveEventType.DROP_DATABASE);
        Set<String> tables = names(HiveEventType.CREATE_TABLE, HiveEventType.ALTER_TABLE, HiveEventType.DROP_TABLE);
        Set<String> partitions =
                names(HiveEventType.ADD_PARTITION, HiveEventType.ALTER_PARTITION, HiveEventType.DROP_PARTITION);
        Set<String> statistics = names(
                HiveEventType.UPDATE_TABLE_COLUMN_STAT,
                HiveEventType.UPDATE_PARTITION_COLUMN_STAT,
                HiveEventType.DELETE_TABLE_COLUMN_STAT,
                HiveEventType.DELETE_PARTITION_COLUMN_STAT);
        Set<String> functions =
                names(HiveEventType.CREATE_FUNCTION, HiveEventType.ALTER_FUNCTION, HiveEventType.DROP_FUNCTION);
        Set<String> inserts = names(HiveEventType.INSERT);
        Set<String> transactions = names(
                HiveEventType.OPEN_TXN,
                HiveEventType.COMMIT_TXN,
                HiveEventType.ABORT_TXN,
                HiveEventType.ALLOC_WRITE_ID_EVENT);
        Map<EventType, Set<String>> families = new java.util.EnumMap<>(EventType.class);
        for (EventType type : EnumSet.complementOf(
                EnumSet.of(EventType.EVENT_TYPE_UNSPECIFIED, EventType.UNRECOGNIZED, EventType.FOREIGN))) {
            String name = type.name();
            Set<String> family = name.startsWith("NAMESPACE_")
                    ? databases
                    : name.startsWith("TABLE_")
                            ? tables
                            : name.startsWith("PARTITIONS_")
                                    ? partitions
                                    : name.startsWith("STATISTICS_")
                                            ? statistics
                                            : name.startsWith("FUNCTION_")
                                                    ? functions
                                                    : name.startsWith("DATA_")
                                                            ? inserts
                                                            : name.startsWith("ACID_") ? transactions : null;
            if (family == null) {
                throw new IllegalStateException("native event type " + type + " has no HMS family");
            }
            families.put(type, family);
        }
        return Map.copyOf(families);
    }

    private static Set<String> names(HiveEventType... types) {
        Set<String> names = new HashSet<>();
        for (HiveEventType type : types) {
            names.add(type.name());
        }
        return Set.copyOf(names);
    }
}

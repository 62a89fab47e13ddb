package dev.lakegate.hms.legacy;

import java.util.List;
import java.util.Set;

/**
 * The HMS calls that change no metadata, by name: those a gateway still answers for a database whose
 * writes are held during a migration step ({@link Route#writesHeld()}). Locks count as reads here: they
 * guard data, not metadata, and a lock taken on the side being left is released there.
 */
final class ReadCalls {

    private static final List<String> READ_PREFIXES =
            List.of("get_", "list_", "show_", "partition_name_", "find_", "is", "getMetaConf");
    private static final Set<String> LOCKS = Set.of("lock", "unlock", "check_lock", "heartbeat");

    private ReadCalls() {}

    static boolean isRead(String method) {
        return LOCKS.contains(method) || READ_PREFIXES.stream().anyMatch(method::startsWith);
    }
}

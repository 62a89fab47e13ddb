package dev.lakegate.hms.legacy;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponse;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;

/**
 * Lock ids of locks taken on the legacy metastore, as the gateway's clients see them. Both sides
 * number their locks from 1, so an id alone cannot say whose lock it is; the gateway hands out the
 * legacy metastore's ids with a high bit set (lock, check_lock, show_locks) and strips it on the way
 * back (check_lock, unlock, heartbeat). Native lock ids never come near that bit.
 */
final class LegacyLockIds {

    private static final long TAG = 1L << 62;

    private LegacyLockIds() {}

    static long toClient(long legacyId) {
        return legacyId | TAG;
    }

    static boolean isLegacy(long clientId) {
        return clientId > 0 && (clientId & TAG) != 0;
    }

    static long toLegacy(long clientId) {
        return clientId & ~TAG;
    }

    /**
     * The legacy metastore's lock listing with the ids its clients hold: each lock's, and the lock it
     * waits behind (a lock of the same metastore). The internal component ids are no client's and stay.
     */
    static ShowLocksResponse toClient(ShowLocksResponse legacy) {
        List<ShowLocksResponseElement> locks = legacy.getLocks();
        if (locks != null) {
            for (ShowLocksResponseElement lock : locks) {
                lock.setLockid(toClient(lock.getLockid()));
                if (lock.isSetBlockedByExtId() && lock.getBlockedByExtId() > 0) {
                    lock.setBlockedByExtId(toClient(lock.getBlockedByExtId()));
                }
            }
        }
        return legacy;
    }
}

package dev.lakegate.hms.legacy;

/**
 * Lock ids of locks taken on the legacy metastore, as the gateway's clients see them. Both sides
 * number their locks from 1, so an id alone cannot say whose lock it is; the gateway hands out the
 * legacy metastore's ids with a high bit set and strips it on the way back (check_lock, unlock,
 * heartbeat). Native lock ids never come near that bit.
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
}

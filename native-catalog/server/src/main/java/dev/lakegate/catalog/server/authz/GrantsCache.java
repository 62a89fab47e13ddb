package dev.lakegate.catalog.server.authz;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.HeldAccess;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * What the store answered about grants and roles, kept in this process with the access version read before it
 * was read. The store moves that version in the transaction of every change of grants, roles or role grants
 * (and of drops and renames of objects holding grants), whichever process makes it. A check reads the version
 * first ({@link #version()}: one point read on PostgreSQL, none on an embedded H2 nothing was written to since)
 * and uses what was kept at that version or a later one; anything older is read again. So a revoke committed
 * through any gateway before a check begins is honoured by that check: there is no staleness window. With a
 * {@code maxStaleness} above zero the version is read again only once that long has passed since the last read
 * began: a change committed that long before a check begins is honoured by it.
 */
final class GrantsCache {

    private static final int MAX_ENTRIES = 10_000;

    private final Catalog catalog;
    private final long maxStalenessNanos;
    private final AtomicReference<VersionRead> lastRead = new AtomicReference<>();
    private final Cache<Holder, Versioned<HeldAccess>> held =
            CacheBuilder.newBuilder().maximumSize(MAX_ENTRIES).build();
    private final Cache<PrivilegeObject, Versioned<Boolean>> granted =
            CacheBuilder.newBuilder().maximumSize(MAX_ENTRIES).build();

    GrantsCache(Catalog catalog, Duration maxStaleness) {
        this.catalog = catalog;
        this.maxStalenessNanos = maxStaleness.toNanos();
    }

    /** The access version, read by a read that began at {@code began} ({@link System#nanoTime()}). */
    private record VersionRead(long version, long began) {}

    /** An answer read after the access version was read as {@code version}: it holds all changes up to it. */
    private record Versioned<T>(long version, T value) {}

    /** The access version now; read it before asking for anything at it. */
    long version() {
        if (maxStalenessNanos == 0) {
            return catalog.privileges().version();
        }
        long now = System.nanoTime();
        VersionRead last = lastRead.get();
        if (last != null && now - last.began() <= maxStalenessNanos) {
            return last.version();
        }
        VersionRead read = new VersionRead(catalog.privileges().version(), now);
        lastRead.accumulateAndGet(
                read, (known, mine) -> known != null && known.began() - mine.began() > 0 ? known : mine);
        return read.version();
    }

    /** A user with the groups a call named for it: what it holds depends on both. */
    private record Holder(String user, Set<String> groups) {}

    /** What the user, with these groups, holds, as the store answers at {@code version} or later. */
    HeldAccess heldBy(String user, List<String> groups, long version) {
        return kept(
                held,
                new Holder(user, Set.copyOf(groups)),
                version,
                () -> catalog.privileges().heldBy(user, groups));
    }

    /** Whether anyone holds a privilege on the object itself, as the store answers at {@code version} or later. */
    boolean anyGrantOn(PrivilegeObject object, long version) {
        return kept(granted, object, version, () -> catalog.privileges().anyGrantOn(object));
    }

    private static <K, T> T kept(Cache<K, Versioned<T>> cache, K key, long version, Supplier<T> read) {
        Versioned<T> known = cache.getIfPresent(key);
        if (known != null && known.version() >= version) {
            return known.value();
        }
        T value = read.get();
        cache.asMap()
                .merge(key, new Versioned<>(version, value), (old, now) -> old.version() > now.version() ? old : now);
        return value;
    }
}

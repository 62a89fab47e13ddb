package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/** Where the catalog database is and how many connections to keep; the dialect follows from the URL. */
public record StoreConfig(String jdbcUrl, String user, String password, int maxPoolSize) {

    public static final int DEFAULT_POOL_SIZE = 10;

    /** Contending writers wait this long for a row lock before H2 gives up. */
    static final int H2_LOCK_TIMEOUT_MILLIS = 10_000;
    /** Parsed statements H2 keeps per connection (its default, 8, is fewer than a create_table runs). */
    static final int H2_QUERY_CACHE_SIZE = 64;

    public StoreConfig {
        requireNonNull(jdbcUrl, "jdbcUrl is null");
        user = user == null ? "" : user;
        password = password == null ? "" : password;
        if (maxPoolSize < 1) {
            throw new IllegalArgumentException("maxPoolSize must be positive: " + maxPoolSize);
        }
    }

    /**
     * An embedded H2 database in files under {@code dataDir}. H2's reuse of a statement's last result
     * is off: under concurrent commits it has returned rows older than a committed write (H2 issues
     * 3894 and the 2025 fixes after 2.4.240), and a catalog read must never be staler than a commit
     * it follows. Our reads are point lookups, so the cache bought little.
     *
     * <p>H2 writes committed transactions to its file in the background, half a second later by default:
     * when it shuts the database down after a fatal error (an out-of-memory error inside a statement),
     * the commits of that last half second were lost, though acknowledged. WRITE_DELAY=0 writes each
     * commit to the file before the commit returns (into the operating system's cache, without a sync:
     * a crash of the process loses nothing, one of the machine may).
     *
     * <p>H2 keeps decoded pages in a cache of 16 MB unless told otherwise, and a table of a million
     * partitions is hundreds of MB: with the small cache a partition filter reads and decodes the same
     * pages again on every call. The cache gets a quarter of the heap instead; it fills only as pages
     * are read, so a small catalog costs no more.
     */
    public static StoreConfig h2(Path dataDir) {
        String file = dataDir.toAbsolutePath().resolve("catalog").toString();
        return new StoreConfig(
                "jdbc:h2:file:" + file + ";LOCK_TIMEOUT=" + H2_LOCK_TIMEOUT_MILLIS
                        + ";OPTIMIZE_REUSE_RESULTS=FALSE;WRITE_DELAY=0;QUERY_CACHE_SIZE=" + H2_QUERY_CACHE_SIZE
                        + ";CACHE_SIZE=" + h2CacheKilobytes(Runtime.getRuntime().maxMemory()),
                "sa",
                "",
                DEFAULT_POOL_SIZE);
    }

    /** A quarter of the heap, and never less than H2's own 16 MB. */
    static long h2CacheKilobytes(long maxHeapBytes) {
        return Math.max(16 * 1024, maxHeapBytes / 4 / 1024);
    }

    public static StoreConfig postgres(String jdbcUrl, String user, String password) {
        return new StoreConfig(jdbcUrl, user, password, DEFAULT_POOL_SIZE);
    }
}

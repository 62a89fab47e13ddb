package dev.lakegate.catalog.server.store;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The write transactions of this JVM on a database no other process can write: an embedded H2
 * database, which H2 opens once per JVM and locks against other processes. While no write is in
 * flight and none has begun since something was read, that thing is still what the database holds,
 * so a read can be answered from memory without asking the database. Every store opened on the same
 * database in this JVM shares one count. A database other processes may write (PostgreSQL, H2 over
 * TCP or with its auto-server) has no such count: {@link #NONE} is never quiet.
 *
 * <p>Writers call {@link #begin()} before their first statement and {@link #finish()} after their
 * commit or rollback. Readers take {@link #quiet()} before reading the database and keep what they
 * read, stamped with it, only if {@link #unchangedSince} still holds afterwards; a stamp is valid
 * while {@code quiet()} returns it.
 */
final class LocalWrites {

    /** For databases that other processes may write: never quiet, so nothing is answered from memory. */
    static final LocalWrites NONE = new LocalWrites(false);

    private static final ConcurrentMap<String, LocalWrites> BY_DATABASE = new ConcurrentHashMap<>();

    private final boolean counted;
    private final AtomicLong begun = new AtomicLong();
    private final AtomicLong finished = new AtomicLong();

    private LocalWrites(boolean counted) {
        this.counted = counted;
    }

    /**
     * The count of the database at this JDBC URL, shared in this JVM; {@link #NONE} unless only this JVM can write
     * it.
     */
    static LocalWrites forDatabase(String jdbcUrl) {
        return exclusiveDatabase(jdbcUrl)
                .map(database -> BY_DATABASE.computeIfAbsent(database, any -> new LocalWrites(true)))
                .orElse(NONE);
    }

    /**
     * The database an H2 URL names when only this JVM can write it: a file database (by its absolute
     * path) or an in-memory one. Anything else, or a URL that lets other processes in, is empty.
     */
    static Optional<String> exclusiveDatabase(String jdbcUrl) {
        String lower = jdbcUrl.toLowerCase(Locale.ROOT);
        if (lower.contains(";auto_server=true") || lower.contains(";file_lock=no")) {
            return Optional.empty();
        }
        int settings = jdbcUrl.indexOf(';');
        String database = settings < 0 ? jdbcUrl : jdbcUrl.substring(0, settings);
        if (lower.startsWith("jdbc:h2:file:")) {
            String file = database.substring("jdbc:h2:file:".length());
            return file.isEmpty() || file.startsWith("~")
                    ? Optional.empty()
                    : Optional.of("file:" + Path.of(file).toAbsolutePath().normalize());
        }
        if (lower.startsWith("jdbc:h2:mem:") && database.length() > "jdbc:h2:mem:".length()) {
            return Optional.of("mem:" + database.substring("jdbc:h2:mem:".length()));
        }
        return Optional.empty();
    }

    void begin() {
        begun.incrementAndGet();
    }

    void finish() {
        finished.incrementAndGet();
    }

    /** The writes begun so far when none is in flight; empty while one is, or when writes are not counted. */
    OptionalLong quiet() {
        if (!counted) {
            return OptionalLong.empty();
        }
        // finished first: begun >= finished always, so equal values mean no write was in flight when
        // finished was read and none began before begun was read.
        long done = finished.get();
        long started = begun.get();
        return started == done ? OptionalLong.of(started) : OptionalLong.empty();
    }

    /** No write has begun since {@code stamp} was taken from {@link #quiet()}. */
    boolean unchangedSince(long stamp) {
        return begun.get() == stamp;
    }
}

package dev.lakegate.catalog.server.store;

import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The row of {@code access_version}: moved by the transaction of every change of who may do what, read by
 * authorization checks. Its moves are sent later ({@link Jdbc#sendLater}), ahead of the transaction's next
 * statement, so on PostgreSQL they cost no round trip; a conditional move goes ahead of the delete it is about.
 * A read-only transaction on a database only this JVM writes answers from memory while no write has begun
 * since the version was read ({@link LocalWrites}), as table reads do.
 */
final class AccessVersionRows {

    private static final String MOVE = "UPDATE access_version SET version = version + 1 WHERE id = 1";

    private final Jdbc jdbc;
    private final Memo memo;
    private final LocalWrites localWrites;
    private final boolean committedReads;

    AccessVersionRows(Jdbc jdbc, Memo memo, LocalWrites localWrites, boolean committedReads) {
        this.jdbc = jdbc;
        this.memo = memo;
        this.localWrites = localWrites;
        this.committedReads = committedReads;
    }

    /** The version read last, with the count of local writes it was read at. */
    static final class Memo {
        private record Read(long writes, long version) {}

        private final AtomicReference<Read> last = new AtomicReference<>();

        /** After the database was reopened: what it holds now is what counts. */
        void forget() {
            last.set(null);
        }
    }

    long current() {
        OptionalLong quiet = committedReads ? localWrites.quiet() : OptionalLong.empty();
        if (quiet.isPresent()) {
            Memo.Read known = memo.last.get();
            if (known != null && known.writes() == quiet.getAsLong()) {
                return known.version();
            }
        }
        long version = jdbc.queryLong("SELECT version FROM access_version WHERE id = 1");
        if (quiet.isPresent() && localWrites.unchangedSince(quiet.getAsLong())) {
            memo.last.set(new Memo.Read(quiet.getAsLong(), version));
        }
        return version;
    }

    void move() {
        jdbc.sendLater(MOVE);
    }

    /** Moves the version if anyone holds a grant on the table, its partitions or columns. */
    void moveIfTableGranted(UUID tableId) {
        jdbc.sendLater(MOVE + " AND EXISTS (SELECT 1 FROM privilege_grants WHERE table_id = ?)", tableId);
    }

    /** Moves the version if anyone holds a grant on one of the table's partitions or their columns. */
    void moveIfPartitionGranted(UUID tableId) {
        jdbc.sendLater(
                MOVE + " AND EXISTS (SELECT 1 FROM privilege_grants WHERE table_id = ? AND partition_values <> '')",
                tableId);
    }

    /** Moves the version if anyone holds a grant on the namespace itself. */
    void moveIfNamespaceGranted(String catalog, String namespace, String kind) {
        jdbc.sendLater(
                MOVE + " AND EXISTS (SELECT 1 FROM privilege_grants WHERE catalog = ? AND namespace = ? "
                        + "AND object_kind = ?)",
                catalog,
                namespace,
                kind);
    }
}

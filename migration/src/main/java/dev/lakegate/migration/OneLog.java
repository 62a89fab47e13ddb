package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.SkipForeignEventsRequest;
import dev.lakegate.hms.legacy.LegacyEventCopier;
import org.apache.thrift.TException;

/**
 * Keeps the gateways' one notification log telling each change once while a database moves. Gateways append
 * the legacy metastore's log to the catalog's ({@code serve --legacy}), so what a migration writes must not be
 * told again: its copy into the catalog is written unlogged ({@link NativeTarget}), the legacy log having told
 * those changes; before a cutover routes the database to the catalog, what the legacy log holds so far is
 * appended, so that the catalog's own events for it come after; and while a rollback writes the catalog's changes
 * into the legacy metastore, the events it logs for the database are skipped, the catalog having logged those
 * changes when clients made them.
 */
final class OneLog {

    /** What one move does to the log: before the route flips, and once it is over. */
    interface Seam extends AutoCloseable {

        /** Called before writes are held, so that what {@link #beforeFlip} does with them held is only the last. */
        default void beforeHold() throws TException {}

        /** Called with writes held, after the last change, before the route flips to the other side. */
        void beforeFlip() throws TException;

        /** Called once the move is over, whichever way it ended. */
        @Override
        void close() throws TException;
    }

    private static final Seam NOTHING = new Seam() {
        @Override
        public void beforeFlip() {}

        @Override
        public void close() {}
    };

    private final Metastore legacy;
    private final CatalogClient catalog;

    OneLog(Metastore legacy, CatalogClient catalog) {
        this.legacy = requireNonNull(legacy, "legacy is null");
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    Seam open(Direction direction, String db) throws TException {
        if (direction == Direction.CUTOVER) {
            return new Cutover();
        }
        long after = legacy.currentEventId();
        // A legacy metastore that keeps no log (its ids stay 0) has nothing a gateway could copy twice.
        return after == 0 ? NOTHING : new CarryBack(db, after);
    }

    /**
     * Appends the legacy log up to now, as a gateway's copier would within a second: then no event the legacy
     * metastore logged for the database before the hold can come after the catalog's own. Failing, the move stops
     * with writes held, as it does when the legacy metastore fails it otherwise (a rollback undoes that).
     */
    private final class Cutover implements Seam {

        @Override
        public void beforeHold() throws TException {
            LegacyEventCopier.copyOnce(legacy.hms(), catalog);
        }

        @Override
        public void beforeFlip() throws TException {
            LegacyEventCopier.copyOnce(legacy.hms(), catalog);
        }

        @Override
        public void close() {}
    }

    /**
     * The legacy log's events for the database from the rollback's first write on are skipped: the range is
     * opened before that write (a gateway may append while the rollback writes) and closed after the last, before
     * the route flips back and clients write there again.
     */
    private final class CarryBack implements Seam {

        private final String db;
        private final long after;
        private boolean closed;

        CarryBack(String db, long after) {
            this.db = db;
            this.after = after;
            skip(0);
        }

        @Override
        public void beforeFlip() throws TException {
            close();
        }

        @Override
        public void close() throws TException {
            if (!closed) {
                skip(Math.max(after, legacy.currentEventId()));
                closed = true;
            }
        }

        private void skip(long until) {
            catalog.foreignEvents()
                    .skip(SkipForeignEventsRequest.newBuilder()
                            .setSource(LegacyEventCopier.SOURCE)
                            .setNamespace(db)
                            .setAfter(after)
                            .setUntil(until)
                            .build());
        }
    }
}

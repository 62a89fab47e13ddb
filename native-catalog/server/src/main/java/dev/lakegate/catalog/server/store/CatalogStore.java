package dev.lakegate.catalog.server.store;

/**
 * Where the catalog keeps its state: a relational database reached over JDBC. All work happens in a
 * {@link StoreTransaction}; what one transaction did is visible to others only once it commits, and
 * the events it recorded commit with it.
 */
public interface CatalogStore extends AutoCloseable {

    /**
     * Runs {@code work} in one read-write transaction and commits it. If {@code work} throws, the
     * transaction rolls back and the exception propagates. A deadlock or serialization failure that
     * the database reports is retried a few times with the work run again from the start, so work
     * must not have effects outside the transaction.
     */
    <T> T inTransaction(TransactionWork<T> work);

    /** Runs {@code work} against committed state, changing nothing. */
    <T> T read(TransactionWork<T> work);

    /** Which SQL dialect this store speaks, for logs and reports. */
    String dialect();

    @Override
    void close();

    @FunctionalInterface
    interface TransactionWork<T> {
        T run(StoreTransaction transaction);
    }
}

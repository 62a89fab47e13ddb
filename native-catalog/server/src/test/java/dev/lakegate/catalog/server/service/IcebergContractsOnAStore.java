package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The Iceberg contracts with every table file on one real store beside the test (HDFS, S3): a catalog on
 * an embedded store whose table files go through {@link TableFileIO}, configured as a gateway's would be,
 * and scratch folders on the same store. A subclass starts its store, then calls {@link #open}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class IcebergContractsOnAStore implements IcebergMetadataContract, IcebergWritesContract {

    private final TestClock clock = new TestClock();
    private JdbcCatalogStore store;
    private TableFileIO files;
    private CatalogService catalog;
    private ScratchFiles scratch;

    /** The catalog over {@code files}, its store in {@code folder}, the test's files in {@code scratch}. */
    protected final void open(Path folder, TableFileIO files, ScratchFiles scratch) {
        this.files = files;
        this.store = JdbcCatalogStore.openH2(folder);
        this.catalog = new CatalogService(store, clock, files);
        this.scratch = scratch;
    }

    /** Stops the store the files are on, after the catalog let go of it. */
    protected abstract void stopStore() throws Exception;

    @AfterAll
    final void close() throws Exception {
        if (scratch instanceof AutoCloseable closeable) {
            closeable.close();
        }
        if (files != null) {
            files.close();
        }
        if (store != null) {
            store.close();
        }
        stopStore();
    }

    protected final TableFileIO files() {
        return files;
    }

    protected final JdbcCatalogStore store() {
        return store;
    }

    @Override
    public Catalog catalog() {
        return catalog;
    }

    @Override
    public TestClock clock() {
        return clock;
    }

    @Override
    public ScratchFiles scratch() {
        return scratch;
    }
}

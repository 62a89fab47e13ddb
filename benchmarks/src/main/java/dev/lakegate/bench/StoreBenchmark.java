package dev.lakegate.bench;

import dev.lakegate.catalog.server.store.CatalogStore;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The catalog benchmark against one store: the catalog service in-process and the same service
 * behind its gRPC server on loopback TCP, called from this JVM ({@link StoreCatalog}), through the
 * phases the options name: {@link GetTablePhase}, {@link CommitTablePhase} and
 * {@link PartitionsPhase}.
 */
final class StoreBenchmark implements AutoCloseable {

    private final CatalogBenchmark.Options options;
    private final StoreRun storeRun;
    private final StoreCatalog catalog;

    StoreBenchmark(String label, CatalogStore store, CatalogBenchmark.Options options, PrintStream progress)
            throws Exception {
        this.options = options;
        this.storeRun = new StoreRun(label, options, progress);
        this.catalog = new StoreCatalog(store);
    }

    Report.Section run() throws Exception {
        double loadAtStart = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        catalog.service().createNamespace(BenchTables.namespace(), StoreCatalog.CONTEXT);
        if (options.phases().contains("get") || options.phases().contains("get-grpc")) {
            new GetTablePhase(catalog, storeRun).measure(options.phases().contains("get"));
        }
        if (options.phases().contains("commit")) {
            new CommitTablePhase(catalog, storeRun).measure();
        }
        if (options.phases().contains("partitions")) {
            new PartitionsPhase(catalog, storeRun).measure();
        }
        String note = String.format(
                Locale.ROOT,
                "Load average (1 min) %.2f at the start of this store, %.2f at its end.",
                loadAtStart,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        return storeRun.section(note);
    }

    @Override
    public void close() {
        catalog.close();
    }
}

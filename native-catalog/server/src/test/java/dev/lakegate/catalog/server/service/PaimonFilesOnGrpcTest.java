package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.grpc.GrpcBackedCatalog;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.ScratchStore;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaManager;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.FileStoreTableFactory;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tests of what the catalog reads from Paimon tables' files, which Paimon's own library writes: over gRPC, on
 * embedded H2, the store playing no part beyond the table's location.
 */
abstract class PaimonFilesOnGrpcTest extends ServiceOnScratchStore {

    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    @TempDir
    java.nio.file.Path folder;

    final RequestContext context = RequestContext.of("tester");

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }

    @Override
    Catalog reach(CatalogService service) {
        return GrpcBackedCatalog.serving(service, service);
    }

    /** A Paimon table {@code name} at {@code location}, in a namespace of its own. */
    Table register(String name, String location) {
        String namespace = "paimon" + NAMESPACES.incrementAndGet();
        catalog.createNamespace(Namespace.of(namespace), context);
        return catalog.createTable(
                Table.builder(UUID.randomUUID(), TableIdentifier.inDefaultCatalog(namespace, name), TableFormat.PAIMON)
                        .location(location)
                        .build(),
                context);
    }

    /** A new Paimon table of {@code schema} at {@code location}, its files written by Paimon's schema manager. */
    static FileStoreTable create(Path location, Schema schema) throws Exception {
        LocalFileIO io = LocalFileIO.create();
        return FileStoreTableFactory.create(io, location, new SchemaManager(io, location).createTable(schema));
    }

    /** Writes {@code rows} in one commit of Paimon's batch writer. */
    static void write(FileStoreTable table, List<GenericRow> rows) throws Exception {
        BatchWriteBuilder builder = table.newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite();
                BatchTableCommit commit = builder.newCommit()) {
            for (GenericRow row : rows) {
                write.write(row);
            }
            commit.commit(write.prepareCommit());
        }
    }
}

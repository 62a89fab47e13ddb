package dev.lakegate.bench;

import dev.lakegate.bench.Harness.Operation;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.service.TableView;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.GetTableRequest;
import dev.lakegate.catalog.v1.SetProperties;
import io.grpc.Status;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Phase 2, CommitTable: each thread sets a property of its own with the table version of its
 * previous commit, on a table per thread and with every thread on one table, in-process and over
 * gRPC; a commit that loses a race re-reads the table and tries again.
 */
record CommitTablePhase(StoreCatalog store, StoreRun run) {

    void measure() throws Exception {
        int threads = run.threads();
        TableIdentifier[] own = new TableIdentifier[threads];
        for (int t = 0; t < threads; t++) {
            own[t] = store.createTable("commit_own_" + t);
        }
        TableIdentifier shared = store.createTable("commit_shared");

        Measurement localOwn = run.timed(threads, thread -> localCommitter(own[thread], thread));
        run.row("CommitTable, in-process", threads, localOwn, "a table per thread; " + retries(localOwn));
        Measurement localShared = run.timed(threads, thread -> localCommitter(shared, thread));
        run.row("CommitTable, in-process", threads, localShared, "all threads on one table; " + retries(localShared));
        Measurement grpcOwn = run.timed(threads, thread -> grpcCommitter(own[thread], thread));
        run.row("CommitTable, gRPC loopback", threads, grpcOwn, "a table per thread; " + retries(grpcOwn));
        Measurement grpcShared = run.timed(threads, thread -> grpcCommitter(shared, thread));
        run.row("CommitTable, gRPC loopback", threads, grpcShared, "all threads on one table; " + retries(grpcShared));
    }

    private static String retries(Measurement m) {
        return String.format(
                Locale.ROOT,
                "%,d commits, %,d retries (%.2f per commit)",
                m.operations(),
                m.extra(),
                m.operations() == 0 ? 0.0 : (double) m.extra() / m.operations());
    }

    /** Commits with the version of its previous reply; on ABORTED re-reads the table and tries again. */
    private Operation localCommitter(TableIdentifier table, int thread) {
        CatalogService catalog = store.service();
        long[] version = {catalog.getTable(table, TableView.BASIC).version()};
        long[] sequence = {0};
        String key = "bench.writer." + thread;
        return () -> {
            long retries = 0;
            while (true) {
                TableCommit commit = new TableCommit(
                        table,
                        List.of(new TableRequirement.AssertVersion(version[0])),
                        List.of(new TableUpdate.SetProperties(Map.of(key, Long.toString(++sequence[0])))));
                try {
                    version[0] =
                            catalog.commitTable(commit, StoreCatalog.CONTEXT).version();
                    return retries;
                } catch (CatalogException e) {
                    if (e.code().kind() != ErrorCode.Kind.ABORTED) {
                        throw e;
                    }
                    retries++;
                    version[0] = catalog.getTable(table, TableView.BASIC).version();
                }
            }
        };
    }

    private Operation grpcCommitter(TableIdentifier table, int thread) {
        CatalogClient client = store.client();
        dev.lakegate.catalog.v1.TableIdentifier id = TableMapper.toProto(table);
        GetTableRequest refresh = GetTableRequest.newBuilder()
                .setTable(id)
                .setView(StoreCatalog.PROTO_BASIC)
                .build();
        long[] version = {client.getTable(refresh).getVersion()};
        long[] sequence = {0};
        String key = "bench.writer." + thread;
        return () -> {
            long retries = 0;
            while (true) {
                CommitTableRequest request = CommitTableRequest.newBuilder()
                        .setTable(id)
                        .addRequirements(dev.lakegate.catalog.v1.TableRequirement.newBuilder()
                                .setAssertVersion(version[0]))
                        .addUpdates(dev.lakegate.catalog.v1.TableUpdate.newBuilder()
                                .setSetProperties(
                                        SetProperties.newBuilder().putProperties(key, Long.toString(++sequence[0]))))
                        .build();
                try {
                    version[0] = client.commitTable(request).getTable().getVersion();
                    return retries;
                } catch (CatalogClientException e) {
                    if (e.code() != Status.Code.ABORTED) {
                        throw e;
                    }
                    retries++;
                    version[0] = client.getTable(refresh).getVersion();
                }
            }
        };
    }

    // 3. and 4. Partitions: adding 100,000, then listing and counting 1% of them
}

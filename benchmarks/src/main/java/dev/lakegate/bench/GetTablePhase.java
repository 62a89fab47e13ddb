package dev.lakegate.bench;

import dev.lakegate.bench.Harness.Operation;
import dev.lakegate.bench.Report.Target;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.service.TableView;
import dev.lakegate.catalog.v1.GetTableRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Phase 1, GetTable: the threads read {@value #TABLES} tables round robin, in-process and over
 * gRPC, with one channel shared by every thread and with a channel per thread.
 */
record GetTablePhase(StoreCatalog store, StoreRun run) {

    static final int TABLES = 100;
    static final double TARGET_PER_SECOND = 10_000;

    /** With {@code inProcessToo} false only the gRPC variants run (to profile them alone). */
    void measure(boolean inProcessToo) throws Exception {
        CatalogService catalog = store.service();
        CatalogClient client = store.client();
        TableIdentifier[] ids = new TableIdentifier[TABLES];
        GetTableRequest[] requests = new GetTableRequest[TABLES];
        for (int i = 0; i < TABLES; i++) {
            Table created = catalog.createTable(BenchTables.hiveTable(String.format("t%03d", i)), StoreCatalog.CONTEXT);
            ids[i] = created.identifier();
            requests[i] = GetTableRequest.newBuilder()
                    .setTable(TableMapper.toProto(created.identifier()))
                    .setView(StoreCatalog.PROTO_BASIC)
                    .build();
        }
        int columns = client.getTable(requests[0]).getSchemas(0).getFieldsCount();
        if (columns != 12) {
            throw new IllegalStateException("GetTable over gRPC returned " + columns + " columns, not 12");
        }
        int threads = run.threads();
        if (inProcessToo) {
            Measurement local1 =
                    run.timed(1, thread -> roundRobin(thread, 1, i -> catalog.getTable(ids[i], TableView.BASIC)));
            run.row("GetTable, in-process", 1, local1, "");
            Measurement localN = run.timed(
                    threads, thread -> roundRobin(thread, threads, i -> catalog.getTable(ids[i], TableView.BASIC)));
            run.row("GetTable, in-process", threads, localN, "");
        }
        Measurement grpc1 = run.timed(1, thread -> roundRobin(thread, 1, i -> client.getTable(requests[i])));
        run.row("GetTable, gRPC loopback", 1, grpc1, "one channel");
        Measurement grpcShared =
                run.timed(threads, thread -> roundRobin(thread, threads, i -> client.getTable(requests[i])));
        run.row("GetTable, gRPC loopback", threads, grpcShared, "one channel shared by all threads");
        List<CatalogClient> channels = new ArrayList<>();
        Measurement grpcOwn;
        try {
            for (int t = 0; t < threads; t++) {
                channels.add(store.newClient());
            }
            grpcOwn = run.timed(threads, thread -> {
                CatalogClient own = channels.get(thread);
                return roundRobin(thread, threads, i -> own.getTable(requests[i]));
            });
        } finally {
            channels.forEach(CatalogClient::close);
        }
        run.row("GetTable, gRPC loopback", threads, grpcOwn, "a channel per thread");
        run.add(new Target(
                "GetTable over loopback gRPC, " + threads + " threads: above " + Figures.rate(TARGET_PER_SECOND) + "/s",
                Figures.rate(grpcShared.perSecond()) + "/s with one channel, " + Figures.rate(grpcOwn.perSecond())
                        + "/s with a channel per thread",
                StoreRun.verdict(
                        grpcShared.perSecond() > TARGET_PER_SECOND, "with one channel",
                        grpcOwn.perSecond() > TARGET_PER_SECOND, "with a channel per thread")));
    }

    private static Operation roundRobin(int thread, int threads, IntFunction<Object> call) {
        int[] next = {thread * TABLES / threads};
        return () -> {
            call.apply(next[0]);
            next[0] = (next[0] + 1) % TABLES;
            return 0;
        };
    }
}

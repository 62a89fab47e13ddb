package dev.lakegate.bench;

import dev.lakegate.bench.Harness.Operation;
import dev.lakegate.bench.Report.Row;
import dev.lakegate.bench.Report.Target;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.server.grpc.CatalogGrpcServer;
import dev.lakegate.catalog.server.grpc.mapping.PartitionFilterMapper;
import dev.lakegate.catalog.server.grpc.mapping.PartitionMapper;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionFilter.Compare;
import dev.lakegate.catalog.server.model.PartitionFilter.Operator;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.service.Page;
import dev.lakegate.catalog.server.service.PageRequest;
import dev.lakegate.catalog.server.service.RequestContext;
import dev.lakegate.catalog.server.service.TableView;
import dev.lakegate.catalog.server.store.CatalogStore;
import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.CountPartitionsRequest;
import dev.lakegate.catalog.v1.GetTableRequest;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.PartitionView;
import dev.lakegate.catalog.v1.SetProperties;
import io.grpc.Status;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The catalog benchmark against one store: the catalog service in-process and the same service
 * behind its gRPC server on loopback TCP, called from this JVM.
 */
final class StoreBenchmark implements AutoCloseable {

    static final int TABLES = 100;
    static final int DS_VALUES = 100;
    static final int HR_VALUES = 1000;
    static final int PARTITIONS = DS_VALUES * HR_VALUES;
    static final int BATCH = 10_000;
    static final int LIST_WARM_UP_RUNS = 5;
    static final int LIST_RUNS = 50;
    static final int LIST_PAGE_SIZE = 1000;
    static final int EXPECTED_SELECTED = PARTITIONS / 100;

    static final double TARGET_GET_TABLE_PER_SECOND = 10_000;
    static final double TARGET_ADD_SECONDS = 10;
    static final double TARGET_FILTER_MILLIS = 50;

    private static final RequestContext CONTEXT = RequestContext.of("bench");
    private static final dev.lakegate.catalog.v1.TableView PROTO_BASIC = dev.lakegate.catalog.v1.TableView.BASIC;

    private final String label;
    private final CatalogBenchmark.Options options;
    private final PrintStream progress;
    private final CatalogService catalog;
    private final CatalogGrpcServer server;
    private final CatalogClient client;
    private final List<Row> rows = new ArrayList<>();
    private final List<Target> targets = new ArrayList<>();

    StoreBenchmark(String label, CatalogStore store, CatalogBenchmark.Options options, PrintStream progress)
            throws Exception {
        this.label = label;
        this.options = options;
        this.progress = progress;
        this.catalog = new CatalogService(store);
        this.server = CatalogGrpcServer.builder(catalog, catalog)
                .listen("127.0.0.1", 0)
                .start();
        this.client = CatalogClient.forAddress("127.0.0.1", server.port());
    }

    Report.Section run() throws Exception {
        double loadAtStart = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        catalog.createNamespace(BenchTables.namespace(), CONTEXT);
        if (options.phases().contains("get") || options.phases().contains("get-grpc")) {
            getTable(options.phases().contains("get"));
        }
        if (options.phases().contains("commit")) {
            commitTable();
        }
        if (options.phases().contains("partitions")) {
            partitions();
        }
        String note = String.format(
                Locale.ROOT,
                "Load average (1 min) %.2f at the start of this store, %.2f at its end.",
                loadAtStart,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        return new Report.Section(label, note, List.copyOf(rows), List.copyOf(targets));
    }

    // 1. GetTable

    /** With {@code inProcessToo} false only the gRPC variants run (to profile them alone). */
    private void getTable(boolean inProcessToo) throws Exception {
        TableIdentifier[] ids = new TableIdentifier[TABLES];
        GetTableRequest[] requests = new GetTableRequest[TABLES];
        for (int i = 0; i < TABLES; i++) {
            Table created = catalog.createTable(BenchTables.hiveTable(String.format("t%03d", i)), CONTEXT);
            ids[i] = created.identifier();
            requests[i] = GetTableRequest.newBuilder()
                    .setTable(TableMapper.toProto(created.identifier()))
                    .setView(PROTO_BASIC)
                    .build();
        }
        int columns = client.getTable(requests[0]).getSchemas(0).getFieldsCount();
        if (columns != 12) {
            throw new IllegalStateException("GetTable over gRPC returned " + columns + " columns, not 12");
        }
        int threads = options.threads();
        if (inProcessToo) {
            Measurement local1 =
                    timed(1, thread -> roundRobin(thread, 1, i -> catalog.getTable(ids[i], TableView.BASIC)));
            row("GetTable, in-process", 1, local1, "");
            Measurement localN = timed(
                    threads, thread -> roundRobin(thread, threads, i -> catalog.getTable(ids[i], TableView.BASIC)));
            row("GetTable, in-process", threads, localN, "");
        }
        Measurement grpc1 = timed(1, thread -> roundRobin(thread, 1, i -> client.getTable(requests[i])));
        row("GetTable, gRPC loopback", 1, grpc1, "one channel");
        Measurement grpcShared =
                timed(threads, thread -> roundRobin(thread, threads, i -> client.getTable(requests[i])));
        row("GetTable, gRPC loopback", threads, grpcShared, "one channel shared by all threads");
        List<CatalogClient> channels = new ArrayList<>();
        Measurement grpcOwn;
        try {
            for (int t = 0; t < threads; t++) {
                channels.add(CatalogClient.forAddress("127.0.0.1", server.port()));
            }
            grpcOwn = timed(threads, thread -> {
                CatalogClient own = channels.get(thread);
                return roundRobin(thread, threads, i -> own.getTable(requests[i]));
            });
        } finally {
            channels.forEach(CatalogClient::close);
        }
        row("GetTable, gRPC loopback", threads, grpcOwn, "a channel per thread");
        targets.add(new Target(
                "GetTable over loopback gRPC, " + threads + " threads: above "
                        + Figures.rate(TARGET_GET_TABLE_PER_SECOND) + "/s",
                Figures.rate(grpcShared.perSecond()) + "/s with one channel, " + Figures.rate(grpcOwn.perSecond())
                        + "/s with a channel per thread",
                verdict(
                        grpcShared.perSecond() > TARGET_GET_TABLE_PER_SECOND, "with one channel",
                        grpcOwn.perSecond() > TARGET_GET_TABLE_PER_SECOND, "with a channel per thread")));
    }

    private static Operation roundRobin(int thread, int threads, IntFunction<Object> call) {
        int[] next = {thread * TABLES / threads};
        return () -> {
            call.apply(next[0]);
            next[0] = (next[0] + 1) % TABLES;
            return 0;
        };
    }

    // 2. CommitTable

    private void commitTable() throws Exception {
        int threads = options.threads();
        TableIdentifier[] own = new TableIdentifier[threads];
        for (int t = 0; t < threads; t++) {
            own[t] = catalog.createTable(BenchTables.hiveTable("commit_own_" + t), CONTEXT)
                    .identifier();
        }
        TableIdentifier shared = catalog.createTable(BenchTables.hiveTable("commit_shared"), CONTEXT)
                .identifier();

        Measurement localOwn = timed(threads, thread -> localCommitter(own[thread], thread));
        row("CommitTable, in-process", threads, localOwn, "a table per thread; " + retries(localOwn));
        Measurement localShared = timed(threads, thread -> localCommitter(shared, thread));
        row("CommitTable, in-process", threads, localShared, "all threads on one table; " + retries(localShared));
        Measurement grpcOwn = timed(threads, thread -> grpcCommitter(own[thread], thread));
        row("CommitTable, gRPC loopback", threads, grpcOwn, "a table per thread; " + retries(grpcOwn));
        Measurement grpcShared = timed(threads, thread -> grpcCommitter(shared, thread));
        row("CommitTable, gRPC loopback", threads, grpcShared, "all threads on one table; " + retries(grpcShared));
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
                    version[0] = catalog.commitTable(commit, CONTEXT).version();
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
        dev.lakegate.catalog.v1.TableIdentifier id = TableMapper.toProto(table);
        GetTableRequest refresh =
                GetTableRequest.newBuilder().setTable(id).setView(PROTO_BASIC).build();
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

    private void partitions() throws Exception {
        TableIdentifier local = catalog.createTable(BenchTables.hiveTable("parts_local"), CONTEXT)
                .identifier();
        TableIdentifier grpc = catalog.createTable(BenchTables.hiveTable("parts_grpc"), CONTEXT)
                .identifier();
        TableIdentifier localWarm = catalog.createTable(BenchTables.hiveTable("parts_warm_local"), CONTEXT)
                .identifier();
        TableIdentifier grpcWarm = catalog.createTable(BenchTables.hiveTable("parts_warm_grpc"), CONTEXT)
                .identifier();

        // Warm-up: one batch into a table of its own, by each path, so that the timed adds run on warm code.
        catalog.addPartitions(
                localWarm,
                BenchTables.partitionBatches(localWarm.name(), 10, HR_VALUES, BATCH)
                        .get(0),
                false,
                CONTEXT);
        client.addPartitions(addRequests(grpcWarm, 10).get(0));

        List<List<Partition>> localBatches = BenchTables.partitionBatches(local.name(), DS_VALUES, HR_VALUES, BATCH);
        int[] nextLocal = {0};
        long[] localTimes = new long[localBatches.size()];
        Measurement localAdd = Harness.counted(0, localBatches.size(), () -> {
            long before = System.nanoTime();
            catalog.addPartitions(local, localBatches.get(nextLocal[0]), false, CONTEXT);
            localTimes[nextLocal[0]++] = System.nanoTime() - before;
            return 0;
        });
        addRow("in-process", localAdd, localTimes);

        List<AddPartitionsRequest> grpcBatches = addRequests(grpc, DS_VALUES);
        int[] nextGrpc = {0};
        long[] grpcTimes = new long[grpcBatches.size()];
        Measurement grpcAdd = Harness.counted(0, grpcBatches.size(), () -> {
            long before = System.nanoTime();
            int added = client.addPartitions(grpcBatches.get(nextGrpc[0])).getPartitionsCount();
            grpcTimes[nextGrpc[0]++] = System.nanoTime() - before;
            if (added != BATCH) {
                throw new IllegalStateException("AddPartitions added " + added + ", not " + BATCH);
            }
            return 0;
        });
        grpcBatches.clear();
        addRow("gRPC loopback", grpcAdd, grpcTimes);
        targets.add(new Target(
                String.format(Locale.ROOT, "%,d partition adds under %.0f s", PARTITIONS, TARGET_ADD_SECONDS),
                String.format(
                        Locale.ROOT, "%.2f s over gRPC, %.2f s in-process", grpcAdd.seconds(), localAdd.seconds()),
                verdict(
                        grpcAdd.seconds() < TARGET_ADD_SECONDS, "over gRPC",
                        localAdd.seconds() < TARGET_ADD_SECONDS, "in-process")));

        PartitionFilter byDs = new Compare("ds", Operator.EQUAL, BenchTables.ds(42));
        PartitionFilter byHr = new PartitionFilter.And(
                List.of(new Compare("hr", Operator.GREATER_OR_EQUAL, "100"), new Compare("hr", Operator.LESS, "110")));
        boolean grpcP99Met = true;
        boolean localP99Met = true;
        boolean allP50Met = true;
        StringBuilder filterMeasured = new StringBuilder();
        for (var filter : List.of(Map.entry("ds = 'd042'", byDs), Map.entry("hr >= 100 AND hr < 110", byHr))) {
            String text = filter.getKey();
            dev.lakegate.catalog.v1.PartitionFilter proto = PartitionFilterMapper.toProto(filter.getValue());
            Measurement listLocal =
                    Harness.counted(LIST_WARM_UP_RUNS, LIST_RUNS, () -> listLocal(local, filter.getValue()));
            row("ListPartitions `" + text + "`, in-process", "1", listLocal, listNote(listLocal));
            Measurement listGrpc = Harness.counted(LIST_WARM_UP_RUNS, LIST_RUNS, () -> listGrpc(grpc, proto));
            row("ListPartitions `" + text + "`, gRPC loopback", "1", listGrpc, listNote(listGrpc));
            Measurement countLocal =
                    Harness.counted(LIST_WARM_UP_RUNS, LIST_RUNS, () -> countLocal(local, filter.getValue()));
            row("CountPartitions `" + text + "`, in-process", "1", countLocal, LIST_RUNS + " runs (p99: the slowest)");
            Measurement countGrpc = Harness.counted(LIST_WARM_UP_RUNS, LIST_RUNS, () -> countGrpc(grpc, proto));
            row(
                    "CountPartitions `" + text + "`, gRPC loopback",
                    "1",
                    countGrpc,
                    LIST_RUNS + " runs (p99: the slowest)");
            grpcP99Met &= listGrpc.p99Millis() < TARGET_FILTER_MILLIS;
            localP99Met &= listLocal.p99Millis() < TARGET_FILTER_MILLIS;
            allP50Met &= listGrpc.p50Millis() < TARGET_FILTER_MILLIS && listLocal.p50Millis() < TARGET_FILTER_MILLIS;
            filterMeasured
                    .append(filterMeasured.length() == 0 ? "" : "; ")
                    .append('`')
                    .append(text)
                    .append("`: p50/p99 ")
                    .append(Figures.millis(listGrpc.p50Millis()))
                    .append('/')
                    .append(Figures.millis(listGrpc.p99Millis()))
                    .append(" ms gRPC, ")
                    .append(Figures.millis(listLocal.p50Millis()))
                    .append('/')
                    .append(Figures.millis(listLocal.p99Millis()))
                    .append(" ms in-process");
        }
        targets.add(new Target(
                String.format(
                        Locale.ROOT,
                        "Listing 1%% (%,d of %,d) by filter, full view, under %.0f ms (p99)",
                        EXPECTED_SELECTED,
                        PARTITIONS,
                        TARGET_FILTER_MILLIS),
                filterMeasured.toString(),
                grpcP99Met || localP99Met
                        ? verdict(grpcP99Met, "over gRPC", localP99Met, "in-process")
                        : allP50Met ? "met at p50 only" : "not met"));
    }

    /** "met", "not met", or which of two paths (or variants) met it. */
    private static String verdict(boolean firstMet, String first, boolean secondMet, String second) {
        if (firstMet && secondMet) {
            return "met";
        }
        if (firstMet || secondMet) {
            return "met " + (firstMet ? first : second) + " only";
        }
        return "not met";
    }

    private static String listNote(Measurement m) {
        return LIST_RUNS + " runs (p99: the slowest), " + EXPECTED_SELECTED + " partitions each, full view, page size "
                + LIST_PAGE_SIZE + "; " + m.extra() / Math.max(1, m.operations()) + " page(s) per run";
    }

    private void addRow(String path, Measurement m, long[] batchNanos) {
        StringBuilder inOrder = new StringBuilder();
        for (long nanos : batchNanos) {
            inOrder.append(inOrder.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.1f", nanos / 1e9));
        }
        rows.add(new Row(
                String.format(Locale.ROOT, "AddPartitions %,d in batches of %,d, %s", PARTITIONS, BATCH, path),
                "1",
                PARTITIONS / m.seconds(),
                m.p50Millis(),
                m.p99Millis(),
                m.cpuMillisPerOperation(),
                String.format(
                        Locale.ROOT,
                        "total %.2f s; latencies per batch; batches in order (s): %s",
                        m.seconds(),
                        inOrder)));
        report(rows.get(rows.size() - 1));
    }

    /** The gRPC requests, built before timing; the partitions share their column and storage messages. */
    private static List<AddPartitionsRequest> addRequests(TableIdentifier table, int dsValues) {
        dev.lakegate.catalog.v1.Partition template =
                PartitionMapper.toProto(BenchTables.partition(table.name(), BenchTables.ds(0), 0), List.of());
        List<AddPartitionsRequest> requests = new ArrayList<>();
        for (List<Partition> batch : BenchTables.partitionBatches(table.name(), dsValues, HR_VALUES, BATCH)) {
            AddPartitionsRequest.Builder request =
                    AddPartitionsRequest.newBuilder().setTable(TableMapper.toProto(table));
            for (Partition partition : batch) {
                request.addPartitions(template.toBuilder()
                        .clearValues()
                        .addAllValues(partition.values())
                        .setLocation(partition.location()));
            }
            requests.add(request.build());
        }
        return requests;
    }

    /** Lists every page; returns the number of pages. */
    private long listLocal(TableIdentifier table, PartitionFilter filter) {
        String token = "";
        long pages = 0;
        long found = 0;
        do {
            Page<Partition> page = catalog.listPartitions(
                    table, Optional.of(filter), List.of(), new PageRequest(LIST_PAGE_SIZE, token), false);
            found += page.items().size();
            pages++;
            token = page.nextPageToken();
        } while (!token.isEmpty());
        expectSelected(found);
        return pages;
    }

    private long listGrpc(TableIdentifier table, dev.lakegate.catalog.v1.PartitionFilter filter) {
        String token = "";
        long pages = 0;
        long found = 0;
        do {
            ListPartitionsResponse page = client.listPartitions(ListPartitionsRequest.newBuilder()
                    .setTable(TableMapper.toProto(table))
                    .setFilter(filter)
                    .setPageSize(LIST_PAGE_SIZE)
                    .setPageToken(token)
                    .setView(PartitionView.PARTITION_VIEW_FULL)
                    .build());
            found += page.getPartitionsCount();
            pages++;
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        expectSelected(found);
        return pages;
    }

    private long countLocal(TableIdentifier table, PartitionFilter filter) {
        expectSelected(catalog.countPartitions(table, Optional.of(filter)));
        return 0;
    }

    private long countGrpc(TableIdentifier table, dev.lakegate.catalog.v1.PartitionFilter filter) {
        expectSelected(client.countPartitions(CountPartitionsRequest.newBuilder()
                .setTable(TableMapper.toProto(table))
                .setFilter(filter)
                .build()));
        return 0;
    }

    private static void expectSelected(long found) {
        if (found != EXPECTED_SELECTED) {
            throw new IllegalStateException("the filter selected " + found + " partitions, not " + EXPECTED_SELECTED);
        }
    }

    // Shared

    private Measurement timed(int threads, Harness.OperationFactory factory) throws Exception {
        return Harness.timed(
                threads, Duration.ofSeconds(options.warmUpSeconds()), Duration.ofSeconds(options.seconds()), factory);
    }

    private void row(String operation, int threads, Measurement m, String notes) {
        row(operation, Integer.toString(threads), m, notes);
    }

    private void row(String operation, String threads, Measurement m, String notes) {
        Row row = new Row(
                operation, threads, m.perSecond(), m.p50Millis(), m.p99Millis(), m.cpuMillisPerOperation(), notes);
        rows.add(row);
        report(row);
    }

    private void report(Row row) {
        progress.printf(
                Locale.ROOT,
                "[%s] %s, %s thread(s): %s ops/s, p50 %s ms, p99 %s ms, CPU %s ms/op %s%n",
                label,
                row.operation(),
                row.threads(),
                Figures.rate(row.perSecond()),
                Figures.millis(row.p50Millis()),
                Figures.millis(row.p99Millis()),
                Figures.cpu(row.cpuMillisPerOperation()),
                row.notes().isEmpty() ? "" : "(" + row.notes() + ")");
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}

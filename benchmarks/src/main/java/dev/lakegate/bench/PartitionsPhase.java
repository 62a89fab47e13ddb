package dev.lakegate.bench;

import dev.lakegate.bench.Report.Row;
import dev.lakegate.bench.Report.Target;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.server.grpc.mapping.PartitionFilterMapper;
import dev.lakegate.catalog.server.grpc.mapping.PartitionMapper;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionFilter.Compare;
import dev.lakegate.catalog.server.model.PartitionFilter.Operator;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.service.Page;
import dev.lakegate.catalog.server.service.PageRequest;
import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.CountPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.PartitionView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Phases 3 and 4, partitions: adding {@value #PARTITIONS} in batches, in-process and over gRPC,
 * then listing and counting 1% of them by filter.
 */
record PartitionsPhase(StoreCatalog store, StoreRun run) {

    static final int DS_VALUES = 100;
    static final int HR_VALUES = 1000;
    static final int PARTITIONS = DS_VALUES * HR_VALUES;
    static final int BATCH = 10_000;
    static final int LIST_WARM_UP_RUNS = 5;
    static final int LIST_RUNS = 50;
    static final int LIST_PAGE_SIZE = 1000;
    static final int EXPECTED_SELECTED = PARTITIONS / 100;

    static final double TARGET_ADD_SECONDS = 10;
    static final double TARGET_FILTER_MILLIS = 50;

    void measure() throws Exception {
        CatalogService catalog = store.service();
        CatalogClient client = store.client();
        TableIdentifier local = store.createTable("parts_local");
        TableIdentifier grpc = store.createTable("parts_grpc");
        TableIdentifier localWarm = store.createTable("parts_warm_local");
        TableIdentifier grpcWarm = store.createTable("parts_warm_grpc");

        // Warm-up: one batch into a table of its own, by each path, so that the timed adds run on warm code.
        catalog.addPartitions(
                localWarm,
                BenchTables.partitionBatches(localWarm.name(), 10, HR_VALUES, BATCH)
                        .get(0),
                false,
                StoreCatalog.CONTEXT);
        client.addPartitions(addRequests(grpcWarm, 10).get(0));

        List<List<Partition>> localBatches = BenchTables.partitionBatches(local.name(), DS_VALUES, HR_VALUES, BATCH);
        int[] nextLocal = {0};
        long[] localTimes = new long[localBatches.size()];
        Measurement localAdd = Harness.counted(0, localBatches.size(), () -> {
            long before = System.nanoTime();
            catalog.addPartitions(local, localBatches.get(nextLocal[0]), false, StoreCatalog.CONTEXT);
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
        run.add(new Target(
                String.format(Locale.ROOT, "%,d partition adds under %.0f s", PARTITIONS, TARGET_ADD_SECONDS),
                String.format(
                        Locale.ROOT, "%.2f s over gRPC, %.2f s in-process", grpcAdd.seconds(), localAdd.seconds()),
                StoreRun.verdict(
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
            run.row("ListPartitions `" + text + "`, in-process", "1", listLocal, listNote(listLocal));
            Measurement listGrpc = Harness.counted(LIST_WARM_UP_RUNS, LIST_RUNS, () -> listGrpc(grpc, proto));
            run.row("ListPartitions `" + text + "`, gRPC loopback", "1", listGrpc, listNote(listGrpc));
            Measurement countLocal =
                    Harness.counted(LIST_WARM_UP_RUNS, LIST_RUNS, () -> countLocal(local, filter.getValue()));
            run.row(
                    "CountPartitions `" + text + "`, in-process",
                    "1",
                    countLocal,
                    LIST_RUNS + " runs (p99: the slowest)");
            Measurement countGrpc = Harness.counted(LIST_WARM_UP_RUNS, LIST_RUNS, () -> countGrpc(grpc, proto));
            run.row(
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
        run.add(new Target(
                String.format(
                        Locale.ROOT,
                        "Listing 1%% (%,d of %,d) by filter, full view, under %.0f ms (p99)",
                        EXPECTED_SELECTED,
                        PARTITIONS,
                        TARGET_FILTER_MILLIS),
                filterMeasured.toString(),
                grpcP99Met || localP99Met
                        ? StoreRun.verdict(grpcP99Met, "over gRPC", localP99Met, "in-process")
                        : allP50Met ? "met at p50 only" : "not met"));
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
        run.add(new Row(
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
        CatalogService catalog = store.service();
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
        CatalogClient client = store.client();
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
        CatalogService catalog = store.service();
        expectSelected(catalog.countPartitions(table, Optional.of(filter)));
        return 0;
    }

    private long countGrpc(TableIdentifier table, dev.lakegate.catalog.v1.PartitionFilter filter) {
        CatalogClient client = store.client();
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
}

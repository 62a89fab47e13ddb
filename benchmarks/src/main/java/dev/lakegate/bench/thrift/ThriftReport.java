package dev.lakegate.bench.thrift;

import dev.lakegate.bench.Figures;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The Markdown report of one run: the machine, the servers and the method, a summary of the ratios, the
 * load, a section per call with the medians of its rounds, the scale run and the answer checks.
 */
final class ThriftReport {

    private final ThriftOptions options;
    private final Instant date;
    private final double loadAtStart;
    private final ThriftServers.Hms hms;
    private final Server lakegate;
    private final ThriftCalls.Data data;
    private final List<Case> cases;
    private final LoadTimes hmsLoad;
    private final LoadTimes lakegateLoad;
    private final List<String> scale;
    private final List<String> checks;

    /** {@code scale} and {@code checks} are the lines of those sections. */
    ThriftReport(
            ThriftOptions options,
            Instant date,
            double loadAtStart,
            ThriftServers.Hms hms,
            Server lakegate,
            ThriftCalls.Data data,
            List<Case> cases,
            ThriftLoad load,
            List<String> scale,
            List<String> checks) {
        this.options = options;
        this.date = date;
        this.loadAtStart = loadAtStart;
        this.hms = hms;
        this.lakegate = lakegate;
        this.data = data;
        this.cases = List.copyOf(cases);
        this.hmsLoad = load.hms();
        this.lakegateLoad = load.lakegate();
        this.scale = List.copyOf(scale);
        this.checks = List.copyOf(checks);
    }

    String render() {
        StringBuilder out = new StringBuilder("# Lakegate vs Hive Metastore over Thrift\n\n");
        setting(out);
        summary(out);
        loadSection(out);
        for (String call : options.calls()) {
            callSection(out, call);
        }
        if (!scale.isEmpty()) {
            out.append("\n## Scale: a big table, idle connections, a long transaction history\n\n");
            scale.forEach(line -> out.append("- ").append(line).append('\n'));
        }
        out.append("\n## Answer checks\n\n");
        checks.forEach(c -> out.append("- ").append(c).append('\n'));
        return out.toString();
    }

    /** The machine, the servers, the client, the data, the method and the calls. */
    private void setting(StringBuilder out) {
        Runtime runtime = Runtime.getRuntime();
        var os = ManagementFactory.getOperatingSystemMXBean();
        out.append("- Date: ").append(date).append('\n');
        out.append("- Machine: ")
                .append(runtime.availableProcessors())
                .append(" cores, ")
                .append(os.getName())
                .append(' ')
                .append(os.getVersion())
                .append(' ')
                .append(os.getArch())
                .append(String.format(
                        Locale.ROOT,
                        ", load average %.2f at start, %.2f at the end",
                        loadAtStart,
                        Phase.loadAverageNow()))
                .append(" (other builds share the machine)\n");
        out.append("- JVM (client and both servers): ")
                .append(System.getProperty("java.vm.name"))
                .append(' ')
                .append(System.getProperty("java.runtime.version"))
                .append("; each server `")
                .append(String.join(" ", options.serverJvm()))
                .append("`, root log level ")
                .append(options.serverLogLevel())
                .append('\n');
        out.append(String.format(
                Locale.ROOT,
                "- HMS: %s, started in %.1f s (schema tool %.1f s before)%n",
                hms.server().description(),
                hms.server().startMillis() / 1e3,
                hms.schemaMillis() / 1e3));
        out.append(String.format(
                Locale.ROOT,
                "- Lakegate: %s, started in %.1f s%n",
                lakegate.description(),
                lakegate.startMillis() / 1e3));
        out.append("- Client: Hive ")
                .append(BuildInfo.idlVersion())
                .append("'s `ThriftHiveMetastore.Client`, libthrift ")
                .append(BuildInfo.libthriftVersion())
                .append(", TSocket + TBinaryProtocol (unframed), one connection per client ")
                .append("thread, in the benchmark's JVM\n");
        out.append(String.format(
                Locale.ROOT,
                "- Data (same in both): database `%s`, %d external Parquet tables of "
                        + "10 columns partitioned by `ds string, hr int` (`%s`..`%s`), and `%s` with %,d partitions "
                        + "(%d ds × %d hr)%n",
                HiveShapes.DATABASE,
                options.tables(),
                HiveShapes.tableName(0),
                HiveShapes.tableName(options.tables() - 1),
                HiveShapes.PARTITIONED,
                options.days() * options.hours(),
                options.days(),
                options.hours()));
        out.append(String.format(
                Locale.ROOT,
                "- Method: per call and thread count, %d s of unrecorded warm-up on each server, then %d rounds of "
                        + "%d s per server, alternating (HMS first in odd rounds, Lakegate in even ones); the tables "
                        + "show the median of the rounds of each figure. p50/p99 are of every call's latency as the "
                        + "client saw it, from the sorted per-thread samples of a round. Server CPU is the server "
                        + "process's CPU time (all threads, from /proc) during a round divided by its calls: the "
                        + "figure least moved by the other work on this machine.%n",
                options.warmUpSeconds(),
                options.rounds(),
                options.seconds()));
        out.append("- Calls:\n");
        for (String call : options.calls()) {
            out.append("  - `")
                    .append(call)
                    .append("`: ")
                    .append(ThriftCalls.describe(call, data))
                    .append('\n');
        }
        out.append("- The floor: a plain libthrift server in the benchmark's JVM (thread per connection, unframed "
                + "binary) answering `get_table_req` from memory with the tables HMS returned: the cost of the "
                + "wire, the client and the Thrift codec alone.\n");
        if (options.postgres().isPresent()) {
            out.append("- PostgreSQL round trips and commits per call: each server reaches its database through a "
                    + "loopback proxy of the benchmark's that counts the frontend's Sync and Query messages (each a "
                    + "wait on the database) and the backend's CommandComplete `COMMIT` (read-only transaction "
                    + "blocks included; statements run in auto-commit are not counted); over the round, background "
                    + "work of the server (housekeeping) included.\n");
        }
    }

    /** Lakegate/HMS throughput per call and thread count, and add_partitions by time. */
    private void summary(StringBuilder out) {
        out.append("\n## Summary\n\nLakegate/HMS throughput, median of the rounds:\n\n| call |");
        for (int threads : options.threads()) {
            out.append(' ').append(threads).append(threads == 1 ? " thread |" : " threads |");
        }
        out.append("\n|---|").append("---:|".repeat(options.threads().size())).append('\n');
        for (String call : options.calls()) {
            out.append("| `").append(call).append("` |");
            for (int threads : options.threads()) {
                cases.stream()
                        .filter(c -> c.call().equals(call) && c.threads() == threads)
                        .findFirst()
                        .ifPresent(c -> out.append(String.format(
                                Locale.ROOT,
                                " %.1f× |",
                                Phase.median(c.lakegate(), Phase::perSecond)
                                        / Phase.median(c.hms(), Phase::perSecond))));
            }
            out.append('\n');
        }
        out.append(
                addPartitionsSummary(ThriftLoad.SMALL_BATCH, hmsLoad.smallBatchMillis, lakegateLoad.smallBatchMillis));
        out.append(addPartitionsSummary(options.batch(), hmsLoad.batchMillis, lakegateLoad.batchMillis));
    }

    private void loadSection(StringBuilder out) {
        out.append("\n## Load\n\n");
        out.append("One client, one call at a time, HMS and Lakegate alternating call by call (table) or batch by "
                + "batch.\n\n");
        out.append("| step | HMS | Lakegate | Lakegate/HMS time |\n|---|---:|---:|---:|\n");
        out.append(loadRow("create_database", hmsLoad.databaseMillis, lakegateLoad.databaseMillis, ""));
        out.append(loadRow(
                "create_table × " + hmsLoad.tablesCreated, hmsLoad.tablesMillis, lakegateLoad.tablesMillis, ""));
        out.append(loadRow(
                String.format(
                        Locale.ROOT,
                        "add_partitions: the %,d partitions HMS took as asked " + "(Lakegate: all %,d)",
                        hmsLoad.partitions,
                        lakegateLoad.partitions),
                hmsLoad.partitionsMillis(),
                lakegateLoad.partitionsMillis(),
                ""));
        if (!hmsLoad.smallBatchMillis.isEmpty()) {
            out.append(loadRow(
                    "add_partitions: median batch of " + ThriftLoad.SMALL_BATCH,
                    LoadTimes.median(hmsLoad.smallBatchMillis),
                    LoadTimes.median(lakegateLoad.smallBatchMillis),
                    ""));
        }
        if (!hmsLoad.batchMillis.isEmpty()) {
            String size = String.format(Locale.ROOT, "%,d", options.batch());
            out.append(loadRow(
                    "add_partitions: first batch of " + size,
                    hmsLoad.batchMillis.get(0),
                    lakegateLoad.batchMillis.get(0),
                    ""));
            out.append(loadRow(
                    "add_partitions: median batch of " + size,
                    LoadTimes.median(hmsLoad.batchMillis),
                    LoadTimes.median(lakegateLoad.batchMillis),
                    ""));
            out.append(loadRow(
                    "add_partitions: slowest batch of " + size,
                    LoadTimes.max(hmsLoad.batchMillis),
                    LoadTimes.max(lakegateLoad.batchMillis),
                    ""));
        }
        out.append(String.format(
                Locale.ROOT,
                "%nPartitions per second over the whole load: HMS %,.0f, "
                        + "Lakegate %,.0f. Every batch, HMS then Lakegate: %s.%n",
                hmsLoad.partitions * 1e3 / hmsLoad.partitionsMillis(),
                lakegateLoad.partitions * 1e3 / lakegateLoad.partitionsMillis(),
                batchList()));
    }

    /** One call: the medians per thread count, then every round. */
    private void callSection(StringBuilder out, String call) {
        out.append("\n## ")
                .append(call)
                .append("\n\n")
                .append(ThriftCalls.describe(call, data))
                .append(".\n\n");
        boolean withFloor = call.equals(ThriftCalls.GET_TABLE);
        boolean wire = options.postgres().isPresent();
        out.append("| threads | HMS ops/s | Lakegate ops/s | Lakegate/HMS | HMS p50 ms | HMS p99 ms | "
                + "Lakegate p50 ms | Lakegate p99 ms | HMS CPU ms/op | Lakegate CPU ms/op |"
                + (wire
                        ? " HMS PG round trips/op | Lakegate PG round trips/op | HMS commits/op | "
                                + "Lakegate commits/op |"
                        : "")
                + (withFloor ? " floor ops/s | floor p50 ms | floor p99 ms | Lakegate p50 / floor p50 |" : "")
                + "\n");
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
                .append(wire ? "---:|---:|---:|---:|" : "")
                .append(withFloor ? "---:|---:|---:|---:|" : "")
                .append('\n');
        for (Case c : cases) {
            if (!c.call().equals(call)) {
                continue;
            }
            double h = Phase.median(c.hms(), Phase::perSecond);
            double l = Phase.median(c.lakegate(), Phase::perSecond);
            out.append("| ")
                    .append(c.threads())
                    .append(" | ")
                    .append(Figures.rate(h))
                    .append(" | ")
                    .append(Figures.rate(l))
                    .append(" | ")
                    .append(String.format(Locale.ROOT, "%.2f×", l / h))
                    .append(" | ")
                    .append(Figures.millis(Phase.median(c.hms(), Phase::p50Millis)))
                    .append(" | ")
                    .append(Figures.millis(Phase.median(c.hms(), Phase::p99Millis)))
                    .append(" | ")
                    .append(Figures.millis(Phase.median(c.lakegate(), Phase::p50Millis)))
                    .append(" | ")
                    .append(Figures.millis(Phase.median(c.lakegate(), Phase::p99Millis)))
                    .append(" | ")
                    .append(Figures.cpu(Phase.median(c.hms(), Phase::serverCpuMillisPerOp)))
                    .append(" | ")
                    .append(Figures.cpu(Phase.median(c.lakegate(), Phase::serverCpuMillisPerOp)))
                    .append(" |");
            if (wire) {
                for (ToDoubleFunction<Phase> figure :
                        List.<ToDoubleFunction<Phase>>of(Phase::roundTripsPerOp, Phase::commitsPerOp)) {
                    out.append(String.format(
                            Locale.ROOT,
                            " %.2f | %.2f |",
                            Phase.median(c.hms(), figure),
                            Phase.median(c.lakegate(), figure)));
                }
            }
            if (withFloor && !c.floor().isEmpty()) {
                double floorP50 = Phase.median(c.floor(), Phase::p50Millis);
                out.append(' ')
                        .append(Figures.rate(Phase.median(c.floor(), Phase::perSecond)))
                        .append(" | ")
                        .append(Figures.millis(floorP50))
                        .append(" | ")
                        .append(Figures.millis(Phase.median(c.floor(), Phase::p99Millis)))
                        .append(" | ")
                        .append(String.format(
                                Locale.ROOT, "%.2f×", Phase.median(c.lakegate(), Phase::p50Millis) / floorP50))
                        .append(" |");
            }
            out.append('\n');
        }
        out.append("\nRounds (ops/s in the order run, load average after each in brackets; the warm-up, "
                + "unrecorded, first):\n\n");
        for (Case c : cases) {
            if (c.call().equals(call)) {
                out.append("- ")
                        .append(c.threads())
                        .append(c.threads() == 1 ? " thread" : " threads")
                        .append(": HMS ")
                        .append(warm(c.hmsWarmUp()))
                        .append(rounds(c.hms()))
                        .append("; Lakegate ")
                        .append(warm(c.lakegateWarmUp()))
                        .append(rounds(c.lakegate()))
                        .append('\n');
            }
        }
    }

    /** HMS's median batch time over Lakegate's, for batches of {@code size}: how many times faster. */
    private static String addPartitionsSummary(int size, List<Long> hms, List<Long> lakegate) {
        if (lakegate.isEmpty()) {
            return "";
        }
        double h = LoadTimes.median(hms);
        return String.format(
                Locale.ROOT,
                "| `add_partitions` of %,d (one client, median batch) | %s |%n",
                size,
                Double.isNaN(h)
                        ? "HMS refused the batch"
                        : String.format(Locale.ROOT, "%.1f× (by time)", h / Math.max(1, LoadTimes.median(lakegate))));
    }

    private String batchList() {
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < hmsLoad.batchMillis.size(); i++) {
            long h = hmsLoad.batchMillis.get(i);
            pairs.add((h == LoadTimes.REFUSED ? "refused" : String.format(Locale.ROOT, "%.2f", h / 1e3))
                    + String.format(Locale.ROOT, "/%.2f s", lakegateLoad.batchMillis.get(i) / 1e3));
        }
        return String.join(", ", pairs);
    }

    private static String loadRow(String step, double hmsMillis, double lgMillis, String note) {
        boolean refused = hmsMillis < 0 || Double.isNaN(hmsMillis);
        return "| " + step + " | " + seconds(hmsMillis) + " | " + seconds(lgMillis) + " | "
                + (refused ? "—" : String.format(Locale.ROOT, "%.2f×", lgMillis / Math.max(1, hmsMillis))) + note
                + " |\n";
    }

    private static String seconds(double millis) {
        if (millis < 0 || Double.isNaN(millis)) {
            return "refused";
        }
        return millis >= 1000
                ? String.format(Locale.ROOT, "%.2f s", millis / 1e3)
                : String.format(Locale.ROOT, "%.0f ms", millis);
    }

    private static String warm(Phase warmUp) {
        return warmUp == null
                ? ""
                : "warm-up " + Figures.rate(warmUp.perSecond())
                        + String.format(Locale.ROOT, " (p99 %s ms) | ", Figures.millis(warmUp.p99Millis()));
    }

    private static String rounds(List<Phase> phases) {
        List<String> parts = new ArrayList<>();
        for (Phase p : phases) {
            parts.add(Figures.rate(p.perSecond()) + String.format(Locale.ROOT, " (%.1f)", p.loadAverage()));
        }
        return String.join(", ", parts);
    }
}

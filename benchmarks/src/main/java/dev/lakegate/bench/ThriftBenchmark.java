package dev.lakegate.bench;

import dev.lakegate.bench.thrift.FloorServer;
import dev.lakegate.bench.thrift.HiveShapes;
import dev.lakegate.bench.thrift.HmsProcess;
import dev.lakegate.bench.thrift.LakegateProcess;
import dev.lakegate.bench.thrift.ScaleRun;
import dev.lakegate.bench.thrift.Server;
import dev.lakegate.bench.thrift.Server.Connection;
import dev.lakegate.bench.thrift.ThriftCalls;
import dev.lakegate.bench.thrift.ThriftChecks;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * A real Apache Hive Metastore and a Lakegate gateway, each in a child JVM with the same heap and GC, loaded
 * with the same data through the same Thrift client, then driven with the same calls in alternating timed
 * phases. Prints a Markdown report to stdout and to a file; progress goes to stderr.
 */
public final class ThriftBenchmark {

    private ThriftBenchmark() {}

    /** The command line. */
    public record Options(int seconds, int rounds, int warmUpSeconds, List<Integer> threads, List<String> calls,
            int tables, int days, int hours, int batch, int names, int nameLists, List<String> serverJvm, String serverLogLevel,
            Path out, Path lakegateLib, Path hmsHome, Path hadoopLib, boolean keep, int big, int hmsBigSeconds,
            int idle, Optional<String> postgres) {

        static final String USAGE = """
                thrift options:
                  --seconds N           length of each timed phase, per server (default 5)
                  --rounds N            timed phases per server and case, alternating (default 5)
                  --warmup N            unrecorded seconds per server before each case's rounds (default 10)
                  --threads LIST        client threads, one connection each (default 1,8)
                  --calls LIST          of get_table_req, get_tables, get_table_objects_by_name_req,
                                        get_partition_names, get_partitions_by_names, get_partitions_by_filter,
                                        alter_table, create_table+drop_table, add_partitions (default all)
                  --tables N            tables of 10 columns the table calls read (default 1000)
                  --days N --hours N    ds and hr values of the partitioned table (default 1000 x 100)
                  --batch N             partitions per add_partitions call of the load, after 10 calls of 100
                                        (default 10000)
                  --names N             partition names per get_partitions_by_names (default 100)
                  --name-lists N        different name lists the callers cycle through (default 64)
                  --big N               partitions of the big table, after the timed calls (default 1000000;
                                        0 skips it): all on Lakegate, on HMS what it takes in --hms-big-seconds
                  --hms-big-seconds N   how long HMS may load the big table (default 60)
                  --idle N              idle connections held open to Lakegate (default 10000; 0 skips them),
                                        and to HMS up to 500 (its worker pool is one thread per connection)
                  --server-jvm FLAGS    JVM flags of both servers (default "-Xms1g -Xmx1g -XX:+UseG1GC -Xss4m";
                                        HMS needs the stack: see the README)
                  --server-log-level L  root log level of both servers (default WARN; INFO is what both ship
                                        with, and makes HMS write two lines per call)
                  --out FILE            where to write the report too
                                        (default benchmarks/target/thrift-benchmark.md)
                  --lakegate-lib DIR    the gateway's jars (default lakegate-lib beside this jar)
                  --hms-home DIR        the laid-out HMS (default hms-<version> beside this jar)
                  --hadoop-lib DIR      what a Hadoop installation adds to it (default hms-hadoop-lib beside this jar)
                  --postgres URL        both servers on this PostgreSQL (user postgres, no password), each in a
                                        scratch database made for the run and dropped after it, instead of
                                        HMS on embedded Derby and Lakegate on embedded H2
                                        (e.g. jdbc:postgresql://127.0.0.1:5432/postgres)
                  --keep                keep the servers' folders (logs, Derby, H2) instead of deleting them""";

        static Options parse(String[] args) {
            Path here = jarDir();
            int seconds = 5;
            int rounds = 5;
            int warmUp = 10;
            List<Integer> threads = List.of(1, 8);
            List<String> calls = ThriftCalls.ALL;
            int tables = 1000;
            int days = 1000;
            int hours = 100;
            int batch = 10_000;
            int names = 100;
            int nameLists = 64;
            List<String> jvm = List.of(DEFAULT_SERVER_JVM.split(" "));
            String logLevel = "WARN";
            Path out = Path.of("benchmarks", "target", "thrift-benchmark.md");
            Path lakegateLib = here.resolve("lakegate-lib");
            Path hmsHome = here.resolve("hms-" + hmsVersion());
            Path hadoopLib = here.resolve("hms-hadoop-lib");
            boolean keep = false;
            int big = 1_000_000;
            int hmsBigSeconds = 60;
            int idle = 10_000;
            Optional<String> postgres = Optional.empty();
            for (int i = 0; i < args.length; i++) {
                String option = args[i];
                if (option.equals("--help") || option.equals("-h")) {
                    System.out.println(USAGE);
                    System.exit(0);
                }
                if (option.equals("--keep")) {
                    keep = true;
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(option + " needs a value");
                }
                String value = args[++i];
                switch (option) {
                    case "--seconds" -> seconds = positive(option, value);
                    case "--rounds" -> rounds = positive(option, value);
                    case "--warmup" -> warmUp = Integer.parseInt(value);
                    case "--threads" -> threads = Arrays.stream(value.split(",")).map(v -> positive(option, v)).toList();
                    case "--calls" -> calls = List.of(value.split(","));
                    case "--tables" -> tables = positive(option, value);
                    case "--days" -> days = positive(option, value);
                    case "--hours" -> hours = positive(option, value);
                    case "--batch" -> batch = positive(option, value);
                    case "--names" -> names = positive(option, value);
                    case "--name-lists" -> nameLists = positive(option, value);
                    case "--big" -> big = Integer.parseInt(value);
                    case "--hms-big-seconds" -> hmsBigSeconds = positive(option, value);
                    case "--idle" -> idle = Integer.parseInt(value);
                    case "--postgres" -> postgres = Optional.of(value);
                    case "--server-jvm" -> jvm = List.of(value.trim().split("\\s+"));
                    case "--server-log-level" -> logLevel = value.toUpperCase(Locale.ROOT);
                    case "--out" -> out = Path.of(value);
                    case "--lakegate-lib" -> lakegateLib = Path.of(value);
                    case "--hms-home" -> hmsHome = Path.of(value);
                    case "--hadoop-lib" -> hadoopLib = Path.of(value);
                    default -> throw new IllegalArgumentException("unknown option " + option + "\n" + USAGE);
                }
            }
            if (!ThriftCalls.ALL.containsAll(calls)) {
                throw new IllegalArgumentException("--calls lists of " + ThriftCalls.ALL + ", not " + calls);
            }
            if (names > days * hours) {
                throw new IllegalArgumentException("--names exceeds the partitions");
            }
            return new Options(seconds, rounds, warmUp, threads, calls, tables, days, hours, batch, names, nameLists, jvm,
                    logLevel, out, lakegateLib, hmsHome, hadoopLib, keep, big, hmsBigSeconds, idle,
                    postgres);
        }

        private static int positive(String option, String value) {
            int parsed = Integer.parseInt(value.trim());
            if (parsed <= 0) {
                throw new IllegalArgumentException(option + " must be positive, not " + value);
            }
            return parsed;
        }
    }

    /**
     * The same for both servers. -Xss4m because HMS 4.0.1 inserts a batch's partitions with one multi-row
     * VALUES statement of up to 1,000 rows, which embedded Derby compiles recursively: on the default 1 MB
     * thread stack that is a StackOverflowError, and add_partitions of 1,000 fails with "Exception rolling
     * back to savepoint".
     */
    static final String DEFAULT_SERVER_JVM = "-Xms1g -Xmx1g -XX:+UseG1GC -Xss4m";
    static final String GET_TABLE = ThriftCalls.GET_TABLE;
    /** add_partitions calls of this many partitions open the load, so that the report has both sizes. */
    static final int SMALL_BATCH = 100;
    static final int SMALL_BATCHES = 10;
    /** The time recorded for a batch HMS refused (and that was then added in smaller ones). */
    static final long REFUSED = -1;
    /** Idle connections tried on HMS at most: one worker thread each, from a pool of 1,000 by default. */
    static final int HMS_IDLE = 500;
    private static final long IDLE_MILLIS = 5_000;

    /** One timed phase of one server. */
    record Phase(double perSecond, double p50Millis, double p99Millis, double serverCpuMillisPerOp,
            double loadAverage, long operations) {}

    /** One call × thread count: the rounds of each server, and of the floor where it answers the call. */
    record Case(String call, int threads, Phase hmsWarmUp, Phase lakegateWarmUp, List<Phase> hms, List<Phase> lakegate,
            List<Phase> floor) {}

    /** The load of one server: milliseconds per step. */
    static final class Load {
        long databaseMillis;
        long tablesMillis;
        int tablesCreated;
        final List<Long> smallBatchMillis = new ArrayList<>();
        final List<Long> batchMillis = new ArrayList<>();
        int partitions;

        /** Of the batches that were added as asked. */
        long partitionsMillis() {
            return timed(batchMillis).stream().mapToLong(Long::longValue).sum()
                    + timed(smallBatchMillis).stream().mapToLong(Long::longValue).sum();
        }
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        new ThriftBenchmark.Run(options, System.err).run();
    }

    /** One run: both servers, the load, the checks, the cases, the report. */
    private static final class Run {
        private final Options options;
        private final PrintStream progress;
        private final Instant date = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        private final double loadAtStart = loadAverage();
        private final Load hmsLoad = new Load();
        private final Load lakegateLoad = new Load();
        private final List<Case> cases = new ArrayList<>();
        private final List<String> checks = new ArrayList<>();
        private final ScaleRun scale;
        private List<List<String>> nameRequests;
        private HmsProcess hms;
        private LakegateProcess lakegate;
        private FloorServer floor;
        private ScratchPostgres hmsDatabase;
        private ScratchPostgres lakegateDatabase;
        private ThriftCalls.Data data;

        Run(Options options, PrintStream progress) {
            this.options = options;
            this.progress = progress;
            this.scale = new ScaleRun(progress);
        }

        private Path work;

        void run() throws Exception {
            work = Files.createTempDirectory("lakegate-thrift-bench-");
            Thread cleanup = new Thread(this::stopServers, "stop-servers");
            Runtime.getRuntime().addShutdownHook(cleanup);
            try {
                progress.println("== starting HMS " + hmsVersion() + " (schema tool, then server) in " + work);
                if (options.postgres().isPresent()) {
                    hmsDatabase = ScratchPostgres.create(options.postgres().get(), "postgres", "");
                    lakegateDatabase = ScratchPostgres.create(options.postgres().get(), "postgres", "");
                    progress.println("PostgreSQL " + hmsDatabase.serverVersion() + ": HMS in " + hmsDatabase.name()
                            + ", Lakegate in " + lakegateDatabase.name());
                }
                hms = HmsProcess.start(hmsVersion(), options.hmsHome(), options.hadoopLib(),
                        Files.createDirectories(work.resolve("hms")), options.serverJvm(), options.serverLogLevel(),
                        Optional.ofNullable(hmsDatabase).map(ScratchPostgres::jdbcUrl));
                progress.printf(Locale.ROOT, "HMS on port %d (pid %d): schema %.1f s, server %.1f s%n", hms.port(),
                        hms.jvm().pid(), hms.schemaMillis() / 1e3, hms.startMillis() / 1e3);
                progress.println("== starting Lakegate from " + options.lakegateLib());
                lakegate = LakegateProcess.start(options.lakegateLib(), Files.createDirectories(work.resolve("lakegate")),
                        options.serverJvm(), options.serverLogLevel(),
                        Optional.ofNullable(lakegateDatabase).map(ScratchPostgres::jdbcUrl));
                progress.printf(Locale.ROOT, "Lakegate on port %d (pid %d): %.1f s%n", lakegate.port(),
                        lakegate.jvm().pid(), lakegate.startMillis() / 1e3);

                nameRequests = HiveShapes.nameRequests(options.nameLists(), options.names(), options.days(), options.hours(), 42);
                data = new ThriftCalls.Data(options.tables(), options.days(), options.hours(), nameRequests);
                load();
                verify();
                floor = FloorServer.start();
                try (Connection h = hms.connect()) {
                    for (int i = 0; i < options.tables(); i++) {
                        floor.hold(h.client().get_table_req(getTableRequest(HiveShapes.tableName(i))).getTable());
                    }
                }
                idleCpu();
                for (String call : options.calls()) {
                    for (int threads : options.threads()) {
                        cases.add(measure(call, threads));
                    }
                }
                if (options.idle() > 0) {
                    scale.idleConnections(lakegate, options.idle());
                    scale.idleConnections(hms, Math.min(options.idle(), HMS_IDLE));
                }
                if (options.big() > 0) {
                    scale.bigTable(hms, lakegate, floor, options.big(), options.hmsBigSeconds());
                }
                String rssHms = ThriftChecks.rss(hms.jvm().pid());
                String rssLakegate = ThriftChecks.rss(lakegate.jvm().pid());
                checks.add("Resident memory at the end: HMS " + rssHms + ", Lakegate " + rssLakegate
                        + " (VmRSS; heap pages never touched are not resident).");
                String markdown = report();
                System.out.println(markdown);
                Path parent = options.out().toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(options.out(), markdown, StandardCharsets.UTF_8);
                progress.println("report written to " + options.out());
            } finally {
                stopServers();
                Runtime.getRuntime().removeShutdownHook(cleanup);
                if (options.keep()) {
                    progress.println("kept " + work);
                } else {
                    deleteRecursively(work);
                }
            }
        }

        private synchronized void stopServers() {
            if (floor != null) {
                floor.close();
            }
            if (lakegate != null) {
                lakegate.close();
            }
            if (hms != null) {
                hms.close();
            }
            for (ScratchPostgres database : new ScratchPostgres[] {hmsDatabase, lakegateDatabase}) {
                if (database != null) {
                    database.close();
                }
            }
            hmsDatabase = null;
            lakegateDatabase = null;
        }

        // --- load -------------------------------------------------------------------------------------

        private void load() throws Exception {
            progress.println("== load: 1 database, " + options.tables() + " tables, " + HiveShapes.PARTITIONED
                    + " with " + options.days() * options.hours() + " partitions in batches of " + options.batch());
            try (Connection h = hms.connect(); Connection l = lakegate.connect()) {
                hmsLoad.databaseMillis = timeMillis(() -> h.client().create_database(HiveShapes.database()));
                lakegateLoad.databaseMillis = timeMillis(() -> l.client().create_database(HiveShapes.database()));
                List<Table> tables = new ArrayList<>();
                for (int i = 0; i < options.tables(); i++) {
                    tables.add(HiveShapes.table(HiveShapes.tableName(i)));
                }
                tables.add(HiveShapes.table(HiveShapes.PARTITIONED));
                // Table by table, alternating, so that both see the same machine.
                for (Table t : tables) {
                    hmsLoad.tablesMillis += timeMillis(() -> h.client().create_table(t.deepCopy()));
                    lakegateLoad.tablesMillis += timeMillis(() -> l.client().create_table(t.deepCopy()));
                }
                hmsLoad.tablesCreated = tables.size();
                lakegateLoad.tablesCreated = tables.size();
                progress.printf(Locale.ROOT, "tables: HMS %.2f s, Lakegate %.2f s%n", hmsLoad.tablesMillis / 1e3,
                        lakegateLoad.tablesMillis / 1e3);
                List<Partition> all = new ArrayList<>();
                HiveShapes.partitionBatches(options.days(), options.hours(), options.batch()).forEach(all::addAll);
                List<List<Partition>> batches = new ArrayList<>();
                int small = Math.min(all.size(), SMALL_BATCH * SMALL_BATCHES);
                for (int from = 0; from < small; from += SMALL_BATCH) {
                    batches.add(all.subList(from, Math.min(small, from + SMALL_BATCH)));
                }
                for (int from = small; from < all.size(); from += options.batch()) {
                    batches.add(all.subList(from, Math.min(all.size(), from + options.batch())));
                }
                int n = 0;
                for (List<Partition> batch : batches) {
                    n++;
                    long hmsMillis = addPartitionsOrSplit(h, batch);
                    long lgMillis = addPartitions(l, batch, "Lakegate");
                    boolean isSmall = n <= SMALL_BATCHES && batch.size() <= SMALL_BATCH;
                    (isSmall ? hmsLoad.smallBatchMillis : hmsLoad.batchMillis).add(hmsMillis);
                    (isSmall ? lakegateLoad.smallBatchMillis : lakegateLoad.batchMillis).add(lgMillis);
                    hmsLoad.partitions += hmsMillis == REFUSED ? 0 : batch.size();
                    lakegateLoad.partitions += batch.size();
                    progress.printf(Locale.ROOT, "add_partitions batch %d/%d: HMS %.2f s, Lakegate %.2f s%n", n,
                            batches.size(), hmsMillis / 1e3, lgMillis / 1e3);
                }
            }
        }

        /**
         * HMS's time for one batch; when HMS refuses a batch that large (HMS 4.0.1 on embedded Derby fails
         * a 10,000-partition add_partitions with "Exception rolling back to savepoint"), the refusal is
         * reported and the partitions are added in batches of 1,000, so that both servers hold the same.
         */
        private long addPartitionsOrSplit(Connection h, List<Partition> batch) throws Exception {
            long t0 = System.nanoTime();
            try {
                return addPartitions(h, batch, "HMS");
            } catch (org.apache.thrift.TException e) {
                String failure = String.format(Locale.ROOT, "HMS refused add_partitions of %,d partitions after "
                        + "%.1f s: %s; they were added in batches of 1,000 instead (not timed).", batch.size(),
                        (System.nanoTime() - t0) / 1e9, e.getMessage());
                checks.add(failure);
                progress.println(failure);
                for (int from = 0; from < batch.size(); from += 1_000) {
                    List<Partition> part = new ArrayList<>();
                    batch.subList(from, Math.min(batch.size(), from + 1_000)).forEach(p -> part.add(p.deepCopy()));
                    var request = new org.apache.hadoop.hive.metastore.api.AddPartitionsRequest(HiveShapes.DATABASE,
                            HiveShapes.PARTITIONED, part, true);
                    request.setNeedResult(false);
                    h.client().add_partitions_req(request);
                }
                return REFUSED;
            }
        }

        private long addPartitions(Connection c, List<Partition> batch, String server) throws Exception {
            List<Partition> copy = new ArrayList<>(batch.size());
            batch.forEach(p -> copy.add(p.deepCopy()));
            long t0 = System.nanoTime();
            int added = c.client().add_partitions(copy);
            long millis = (System.nanoTime() - t0) / 1_000_000;
            if (added != batch.size()) {
                throw new IllegalStateException(server + " added " + added + " of " + batch.size() + " partitions");
            }
            return millis;
        }

        // --- checks -----------------------------------------------------------------------------------

        private void verify() throws Exception {
            progress.println("== checking that both servers hold and answer the same");
            checks.add(String.format(Locale.ROOT, "Partition folders on disk after the load (`hr=…` below each warehouse): "
                    + "HMS %,d, Lakegate %,d.", ThriftChecks.partitionFolders(work.resolve("hms").resolve("warehouse")),
                    ThriftChecks.partitionFolders(work.resolve("lakegate").resolve("data").resolve("warehouse"))));
            try (Connection h = hms.connect(); Connection l = lakegate.connect()) {
                checks.addAll(ThriftChecks.compare(h.client(), l.client(), options.tables(),
                        options.days() * options.hours(), nameRequests, this::getTableRequest));
            }
            checks.forEach(c -> progress.println("  " + c));
        }

        /** What each server burns doing nothing (background threads), over a few quiet seconds. */
        private void idleCpu() throws InterruptedException {
            long h0 = hms.jvm().cpuNanos();
            long l0 = lakegate.jvm().cpuNanos();
            long t0 = System.nanoTime();
            Thread.sleep(IDLE_MILLIS);
            long elapsed = System.nanoTime() - t0;
            double h = (hms.jvm().cpuNanos() - h0) * 100.0 / elapsed;
            double l = (lakegate.jvm().cpuNanos() - l0) * 100.0 / elapsed;
            checks.add(String.format(Locale.ROOT, "Idle CPU after the load, over %d s with no calls: HMS %.1f%% of a core, "
                    + "Lakegate %.1f%% (part of every CPU-per-call figure: divide by the calls of a round).",
                    IDLE_MILLIS / 1000, h, l));
            progress.printf(Locale.ROOT, "idle CPU: HMS %.1f%%, Lakegate %.1f%% of a core%n", h, l);
        }

        // --- measurement ------------------------------------------------------------------------------

        GetTableRequest getTableRequest(String table) {
            return ThriftCalls.getTableRequest(table);
        }

        private Case measure(String call, int threads) throws Exception {
            progress.printf(Locale.ROOT, "== %s, %d thread(s): warm-up %d s each, then %d rounds of %d s each, "
                    + "alternating (load average %.2f)%n", call, threads, options.warmUpSeconds(), options.rounds(),
                    options.seconds(), loadAverage());
            List<Connection> hmsConnections = new ArrayList<>();
            List<Connection> lgConnections = new ArrayList<>();
            List<Connection> floorConnections = new ArrayList<>();
            boolean withFloor = call.equals(GET_TABLE);
            try {
                for (int t = 0; t < threads; t++) {
                    hmsConnections.add(hms.connect());
                    lgConnections.add(lakegate.connect());
                    if (withFloor) {
                        floorConnections.add(floor.connect());
                    }
                }
                Phase hmsWarm = null;
                Phase lgWarm = null;
                if (options.warmUpSeconds() > 0) {
                    hmsWarm = phase(hms, call, hmsConnections, options.warmUpSeconds());
                    lgWarm = phase(lakegate, call, lgConnections, options.warmUpSeconds());
                    progress.printf(Locale.ROOT, "  warm-up: HMS %,.1f ops/s (p99 %.2f ms), Lakegate %,.1f ops/s (p99 %.2f ms)%n",
                            hmsWarm.perSecond(), hmsWarm.p99Millis(), lgWarm.perSecond(), lgWarm.p99Millis());
                }
                List<Phase> hmsPhases = new ArrayList<>();
                List<Phase> lgPhases = new ArrayList<>();
                List<Phase> floorPhases = new ArrayList<>();
                if (withFloor) {
                    floorPhase(call, floorConnections, options.warmUpSeconds());
                }
                for (int r = 0; r < options.rounds(); r++) {
                    // Alternate which server goes first, so that a drift of the machine's load hits both.
                    boolean hmsFirst = r % 2 == 0;
                    for (int k = 0; k < 2; k++) {
                        boolean isHms = hmsFirst == (k == 0);
                        Phase p = phase(isHms ? hms : lakegate, call, isHms ? hmsConnections : lgConnections,
                                options.seconds());
                        (isHms ? hmsPhases : lgPhases).add(p);
                        progress.printf(Locale.ROOT, "  round %d %-8s %,9.1f ops/s  p50 %7.2f ms  p99 %7.2f ms  "
                                + "server CPU %.3f ms/op  load %.2f%n", r + 1, isHms ? "HMS" : "Lakegate",
                                p.perSecond(), p.p50Millis(), p.p99Millis(), p.serverCpuMillisPerOp(), p.loadAverage());
                    }
                    if (withFloor) {
                        Phase p = floorPhase(call, floorConnections, options.seconds());
                        floorPhases.add(p);
                        progress.printf(Locale.ROOT, "  round %d %-8s %,9.1f ops/s  p50 %7.2f ms  p99 %7.2f ms%n", r + 1,
                                "floor", p.perSecond(), p.p50Millis(), p.p99Millis());
                    }
                }
                return new Case(call, threads, hmsWarm, lgWarm, hmsPhases, lgPhases, floorPhases);
            } finally {
                hmsConnections.forEach(Connection::close);
                lgConnections.forEach(Connection::close);
                floorConnections.forEach(Connection::close);
            }
        }

        /** A timed phase against the floor, in this JVM: no server CPU of its own to report. */
        private Phase floorPhase(String call, List<Connection> connections, int seconds) throws Exception {
            if (seconds <= 0) {
                return null;
            }
            Measurement m = Harness.timed(connections.size(), Duration.ZERO, Duration.ofSeconds(seconds),
                    thread -> ThriftCalls.operation(call, thread, connections.get(thread), data));
            return new Phase(m.perSecond(), m.p50Millis(), m.p99Millis(), Double.NaN, loadAverage(), m.operations());
        }

        private Phase phase(Server server, String call, List<Connection> connections, int seconds) throws Exception {
            server.jvm().checkAlive("during " + call);
            long cpu0 = server.jvm().cpuNanos();
            Measurement m = Harness.timed(connections.size(), Duration.ZERO, Duration.ofSeconds(seconds),
                    thread -> ThriftCalls.operation(call, thread, connections.get(thread), data));
            long cpu1 = server.jvm().cpuNanos();
            double cpuPerOp = cpu0 < 0 || cpu1 < 0 || m.operations() == 0 ? Double.NaN
                    : (cpu1 - cpu0) / 1e6 / m.operations();
            return new Phase(m.perSecond(), m.p50Millis(), m.p99Millis(), cpuPerOp, loadAverage(), m.operations());
        }

        // --- report -----------------------------------------------------------------------------------

        private String report() {
            Runtime runtime = Runtime.getRuntime();
            var os = ManagementFactory.getOperatingSystemMXBean();
            StringBuilder out = new StringBuilder("# Lakegate vs Hive Metastore over Thrift\n\n");
            out.append("- Date: ").append(date).append('\n');
            out.append("- Machine: ").append(runtime.availableProcessors()).append(" cores, ").append(os.getName())
                    .append(' ').append(os.getVersion()).append(' ').append(os.getArch())
                    .append(String.format(Locale.ROOT, ", load average %.2f at start, %.2f at the end", loadAtStart,
                            loadAverage()))
                    .append(" (other builds share the machine)\n");
            out.append("- JVM (client and both servers): ").append(System.getProperty("java.vm.name")).append(' ')
                    .append(System.getProperty("java.runtime.version")).append("; each server `")
                    .append(String.join(" ", options.serverJvm())).append("`, root log level ")
                    .append(options.serverLogLevel()).append('\n');
            out.append(String.format(Locale.ROOT, "- HMS: %s, started in %.1f s (schema tool %.1f s before)%n",
                    hms.description(), hms.startMillis() / 1e3, hms.schemaMillis() / 1e3));
            out.append(String.format(Locale.ROOT, "- Lakegate: %s, started in %.1f s%n", lakegate.description(),
                    lakegate.startMillis() / 1e3));
            out.append("- Client: Hive ").append(idlVersion()).append("'s `ThriftHiveMetastore.Client`, libthrift ")
                    .append(libthriftVersion()).append(", TSocket + TBinaryProtocol (unframed), one connection per client ")
                    .append("thread, in the benchmark's JVM\n");
            out.append(String.format(Locale.ROOT, "- Data (same in both): database `%s`, %d external Parquet tables of "
                    + "10 columns partitioned by `ds string, hr int` (`%s`..`%s`), and `%s` with %,d partitions "
                    + "(%d ds × %d hr)%n", HiveShapes.DATABASE, options.tables(), HiveShapes.tableName(0),
                    HiveShapes.tableName(options.tables() - 1), HiveShapes.PARTITIONED, options.days() * options.hours(),
                    options.days(), options.hours()));
            out.append(String.format(Locale.ROOT, "- Method: per call and thread count, %d s of unrecorded warm-up on "
                    + "each server, then %d rounds of %d s per server, alternating (HMS first in odd rounds, Lakegate "
                    + "in even ones); the tables show the median of the rounds of each figure. p50/p99 are of every "
                    + "call's latency as the client saw it, from the sorted per-thread samples of a round. Server CPU "
                    + "is the server process's CPU time (all threads, from /proc) during a round divided by its calls: "
                    + "the figure least moved by the other work on this machine.%n", options.warmUpSeconds(),
                    options.rounds(), options.seconds()));
            out.append("- Calls:\n");
            for (String call : options.calls()) {
                out.append("  - `").append(call).append("`: ").append(ThriftCalls.describe(call, data)).append('\n');
            }
            out.append("- The floor: a plain libthrift server in the benchmark's JVM (thread per connection, unframed "
                    + "binary) answering `get_table_req` from memory with the tables HMS returned: the cost of the "
                    + "wire, the client and the Thrift codec alone.\n");

            out.append("\n## Summary\n\nLakegate/HMS throughput, median of the rounds:\n\n| call |");
            for (int threads : options.threads()) {
                out.append(' ').append(threads).append(threads == 1 ? " thread |" : " threads |");
            }
            out.append("\n|---|").append("---:|".repeat(options.threads().size())).append('\n');
            for (String call : options.calls()) {
                out.append("| `").append(call).append("` |");
                for (int threads : options.threads()) {
                    cases.stream().filter(c -> c.call().equals(call) && c.threads() == threads).findFirst()
                            .ifPresent(c -> out.append(String.format(Locale.ROOT, " %.1f× |",
                                    median(c.lakegate(), Phase::perSecond) / median(c.hms(), Phase::perSecond))));
                }
                out.append('\n');
            }
            out.append(addPartitionsSummary(SMALL_BATCH, hmsLoad.smallBatchMillis, lakegateLoad.smallBatchMillis));
            out.append(addPartitionsSummary(options.batch(), hmsLoad.batchMillis, lakegateLoad.batchMillis));

            out.append("\n## Load\n\n");
            out.append("One client, one call at a time, HMS and Lakegate alternating call by call (table) or batch by batch.\n\n");
            out.append("| step | HMS | Lakegate | Lakegate/HMS time |\n|---|---:|---:|---:|\n");
            out.append(loadRow("create_database", hmsLoad.databaseMillis, lakegateLoad.databaseMillis, ""));
            out.append(loadRow("create_table × " + hmsLoad.tablesCreated, hmsLoad.tablesMillis,
                    lakegateLoad.tablesMillis, ""));
            out.append(loadRow(String.format(Locale.ROOT, "add_partitions: the %,d partitions HMS took as asked "
                    + "(Lakegate: all %,d)", hmsLoad.partitions, lakegateLoad.partitions), hmsLoad.partitionsMillis(),
                    lakegateLoad.partitionsMillis(), ""));
            if (!hmsLoad.smallBatchMillis.isEmpty()) {
                out.append(loadRow("add_partitions: median batch of " + SMALL_BATCH, median(hmsLoad.smallBatchMillis),
                        median(lakegateLoad.smallBatchMillis), ""));
            }
            if (!hmsLoad.batchMillis.isEmpty()) {
                String size = String.format(Locale.ROOT, "%,d", options.batch());
                out.append(loadRow("add_partitions: first batch of " + size, hmsLoad.batchMillis.get(0),
                        lakegateLoad.batchMillis.get(0), ""));
                out.append(loadRow("add_partitions: median batch of " + size, median(hmsLoad.batchMillis),
                        median(lakegateLoad.batchMillis), ""));
                out.append(loadRow("add_partitions: slowest batch of " + size, max(hmsLoad.batchMillis),
                        max(lakegateLoad.batchMillis), ""));
            }
            out.append(String.format(Locale.ROOT, "%nPartitions per second over the whole load: HMS %,.0f, Lakegate %,.0f. "
                    + "Every batch, HMS then Lakegate: %s.%n", hmsLoad.partitions * 1e3 / hmsLoad.partitionsMillis(),
                    lakegateLoad.partitions * 1e3 / lakegateLoad.partitionsMillis(), batchList()));

            for (String call : options.calls()) {
                out.append("\n## ").append(call).append("\n\n").append(ThriftCalls.describe(call, data))
                        .append(".\n\n");
                boolean withFloor = call.equals(GET_TABLE);
                out.append("| threads | HMS ops/s | Lakegate ops/s | Lakegate/HMS | HMS p50 ms | HMS p99 ms | "
                        + "Lakegate p50 ms | Lakegate p99 ms | HMS CPU ms/op | Lakegate CPU ms/op |"
                        + (withFloor ? " floor ops/s | floor p50 ms | floor p99 ms | Lakegate p50 / floor p50 |" : "")
                        + "\n");
                out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
                        .append(withFloor ? "---:|---:|---:|---:|" : "").append('\n');
                for (Case c : cases) {
                    if (!c.call().equals(call)) {
                        continue;
                    }
                    double h = median(c.hms(), Phase::perSecond);
                    double l = median(c.lakegate(), Phase::perSecond);
                    out.append("| ").append(c.threads()).append(" | ").append(Report.rate(h)).append(" | ")
                            .append(Report.rate(l)).append(" | ").append(String.format(Locale.ROOT, "%.2f×", l / h))
                            .append(" | ").append(Report.millis(median(c.hms(), Phase::p50Millis))).append(" | ")
                            .append(Report.millis(median(c.hms(), Phase::p99Millis))).append(" | ")
                            .append(Report.millis(median(c.lakegate(), Phase::p50Millis))).append(" | ")
                            .append(Report.millis(median(c.lakegate(), Phase::p99Millis))).append(" | ")
                            .append(Report.cpu(median(c.hms(), Phase::serverCpuMillisPerOp))).append(" | ")
                            .append(Report.cpu(median(c.lakegate(), Phase::serverCpuMillisPerOp))).append(" |");
                    if (withFloor && !c.floor().isEmpty()) {
                        double floorP50 = median(c.floor(), Phase::p50Millis);
                        out.append(' ').append(Report.rate(median(c.floor(), Phase::perSecond))).append(" | ")
                                .append(Report.millis(floorP50)).append(" | ")
                                .append(Report.millis(median(c.floor(), Phase::p99Millis))).append(" | ")
                                .append(String.format(Locale.ROOT, "%.2f×",
                                        median(c.lakegate(), Phase::p50Millis) / floorP50)).append(" |");
                    }
                    out.append('\n');
                }
                out.append("\nRounds (ops/s in the order run, load average after each in brackets; the warm-up, "
                        + "unrecorded, first):\n\n");
                for (Case c : cases) {
                    if (c.call().equals(call)) {
                        out.append("- ").append(c.threads()).append(c.threads() == 1 ? " thread" : " threads")
                                .append(": HMS ").append(warm(c.hmsWarmUp())).append(rounds(c.hms()))
                                .append("; Lakegate ").append(warm(c.lakegateWarmUp())).append(rounds(c.lakegate()))
                                .append('\n');
                    }
                }
            }

            if (!scale.lines().isEmpty()) {
                out.append("\n## Scale: a big table and idle connections\n\n");
                scale.lines().forEach(line -> out.append("- ").append(line).append('\n'));
            }
            out.append("\n## Answer checks\n\n");
            checks.forEach(c -> out.append("- ").append(c).append('\n'));
            return out.toString();
        }

        /** HMS's median batch time over Lakegate's, for batches of {@code size}: how many times faster. */
        private static String addPartitionsSummary(int size, List<Long> hms, List<Long> lakegate) {
            if (lakegate.isEmpty()) {
                return "";
            }
            double h = median(hms);
            return String.format(Locale.ROOT, "| `add_partitions` of %,d (one client, median batch) | %s |%n", size,
                    Double.isNaN(h) ? "HMS refused the batch" : String.format(Locale.ROOT, "%.1f× (by time)",
                            h / Math.max(1, median(lakegate))));
        }

        private String batchList() {
            List<String> pairs = new ArrayList<>();
            for (int i = 0; i < hmsLoad.batchMillis.size(); i++) {
                long h = hmsLoad.batchMillis.get(i);
                pairs.add((h == REFUSED ? "refused" : String.format(Locale.ROOT, "%.2f", h / 1e3))
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
            return millis >= 1000 ? String.format(Locale.ROOT, "%.2f s", millis / 1e3)
                    : String.format(Locale.ROOT, "%.0f ms", millis);
        }

        private static String warm(Phase warmUp) {
            return warmUp == null ? "" : "warm-up " + Report.rate(warmUp.perSecond())
                    + String.format(Locale.ROOT, " (p99 %s ms) | ", Report.millis(warmUp.p99Millis()));
        }

        private static String rounds(List<Phase> phases) {
            List<String> parts = new ArrayList<>();
            for (Phase p : phases) {
                parts.add(Report.rate(p.perSecond()) + String.format(Locale.ROOT, " (%.1f)", p.loadAverage()));
            }
            return String.join(", ", parts);
        }
    }

    // --- helpers ----------------------------------------------------------------------------------------

    @FunctionalInterface
    private interface Call {
        void run() throws Exception;
    }

    private static long timeMillis(Call call) throws Exception {
        long t0 = System.nanoTime();
        call.run();
        return (System.nanoTime() - t0) / 1_000_000;
    }

    static double median(List<Phase> phases, ToDoubleFunction<Phase> figure) {
        double[] values = phases.stream().mapToDouble(figure).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** The batch times, without those of batches HMS refused. */
    static List<Long> timed(List<Long> millis) {
        return millis.stream().filter(m -> m != REFUSED).toList();
    }

    static double median(List<Long> values) {
        long[] sorted = timed(values).stream().mapToLong(Long::longValue).sorted().toArray();
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }

    static double max(List<Long> values) {
        return timed(values).stream().mapToLong(Long::longValue).max().orElse(-1);
    }

    static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** The folder of lakegate-benchmarks.jar (or of the classes, when run from an IDE). */
    static Path jarDir() {
        try {
            Path location = Path.of(ThriftBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return location.getParent().toAbsolutePath();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final Properties BUILD = buildProperties();

    private static Properties buildProperties() {
        Properties p = new Properties();
        try (InputStream in = ThriftBenchmark.class.getResourceAsStream("/thrift-benchmark.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /** The HMS release the build laid out. */
    static String hmsVersion() {
        return BUILD.getProperty("hms.version", "4.0.1");
    }

    static String idlVersion() {
        return BUILD.getProperty("hive.idl.version", "?");
    }

    static String libthriftVersion() {
        return BUILD.getProperty("libthrift.version", "?");
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

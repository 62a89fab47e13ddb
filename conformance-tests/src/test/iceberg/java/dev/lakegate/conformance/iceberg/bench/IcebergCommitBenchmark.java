package dev.lakegate.conformance.iceberg.bench;

import dev.lakegate.conformance.iceberg.ConcurrentAppends;
import dev.lakegate.conformance.iceberg.HiveCatalogScenarios;
import dev.lakegate.conformance.iceberg.HiveCatalogs;
import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.RealHiveMetastore;
import dev.lakegate.conformance.targets.Targets;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.BaseMetastoreCatalog;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Committed Iceberg appends per second on one table, one and eight HiveCatalog writers at once, through a real
 * Apache HMS and through a Lakegate gateway started side by side in one run, in rounds that alternate
 * which goes first. Modes: HMS locks (Iceberg's default) and lock-free ({@code expected_parameter}
 * compare-and-swap), the latter on every target that honours the compare-and-swap (HMS 4.0.1 does,
 * 3.1.3 does not: its writers would overwrite each other, which the checks after each run would catch).
 * Every run is checked as the scenarios check it (one snapshot per append, every file present).
 *
 * <p>Beside them, the floor: the same appends through Iceberg's own JdbcCatalog on an in-memory H2 database
 * in this JVM, writing the same files with the same FileIO, so that what is left is Iceberg's own
 * work. No metastore, however fast, lets HiveCatalog's writers commit faster than that.
 *
 * <p>Lakegate and the floor run twice, their tables on local files and on S3 (Adobe S3Mock on 127.0.0.1;
 * the writers' Iceberg S3FileIO, the gateway's {@code --s3-*} options; one gateway serves both). The real
 * HMS runs on local files only: on S3 it would need Hadoop's S3A and the AWS SDK v1 bundle in its JVM.
 *
 * <p>A benchmark, not a test: run it with {@code conformance-tests/bench-iceberg-commits.sh}; it writes
 * {@code target/iceberg-commit-benchmark.md}. It lives here because Iceberg's HiveCatalog needs a Hive
 * 2.3 or 3.1 client, whose Guava cannot share a classpath with gRPC (the benchmarks module's).
 */
public final class IcebergCommitBenchmark {

    /** A commit mode and a number of writers; the label names both. */
    private record Mode(boolean locks, int writers) {
        String label() {
            return (locks ? "hms-locks" : "no-lock") + " ×" + writers;
        }
    }

    private static final List<Mode> MODES =
            List.of(new Mode(true, 1), new Mode(false, 1), new Mode(true, 8), new Mode(false, 8));

    /**
     * A metastore on a storage: the tables under {@code warehouse}, written with the FileIO the catalog
     * properties name (none: Hadoop's). {@code metastore} null: the floor, which has no HMS locks and
     * commits by compare-and-swap.
     */
    private record Target(
            String name,
            String storage,
            MetastoreTarget metastore,
            boolean compareAndSwap,
            String warehouse,
            Map<String, String> catalogProperties) {
        boolean floor() {
            return metastore == null;
        }

        String label() {
            return name + " " + storage;
        }
    }

    static final String LOCAL = "local";
    static final String S3 = "S3";

    static final String FLOOR = "no metastore";
    static final String LAKEGATE = "Lakegate";

    /** One measured run; {@code failure} (result null) when the target could not take the commits. */
    private record Run(Target target, String mode, ConcurrentAppends.Result result, String failure) {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int appends = args.length > 1 ? Integer.parseInt(args[1]) : 25;
        Path report = Path.of(args.length > 2 ? args[2] : "target/iceberg-commit-benchmark.md");
        // Iceberg warns on every lost commit it retries; the report counts them as time, not as lines.
        // (The scenarios' class, initialised first, sets that logger to warn.)
        HiveCatalogScenarios.SCHEMA.columns();
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.iceberg", "error");

        List<Target> targets = new ArrayList<>();
        List<AutoCloseable> running = new ArrayList<>();
        try {
            Files.createDirectories(Targets.runDir());
            BenchS3 s3 = BenchS3.start(Files.createTempDirectory(Targets.runDir(), "iceberg-s3-"));
            running.add(s3);
            String reference = "HMS " + Targets.referenceServerVersion();
            MetastoreTarget hms = start(
                    RealHiveMetastore.create(Targets.referenceServerVersion(), Targets.runDir(), Targets.logsDir()),
                    running);
            targets.add(new Target(
                    reference,
                    LOCAL,
                    hms,
                    Targets.referenceServerVersion().startsWith("4."),
                    hms.warehouseUri(),
                    Map.of()));
            if (!Targets.referenceServerVersion().startsWith("4.")) {
                MetastoreTarget hms4 =
                        start(RealHiveMetastore.create("4.0.1", Targets.runDir(), Targets.logsDir()), running);
                targets.add(new Target("HMS 4.0.1", LOCAL, hms4, true, hms4.warehouseUri(), Map.of()));
            }
            MetastoreTarget lakegate = start(
                    LakegateGateway.create(Targets.runDir(), Targets.logsDir()).withOptions(s3.lakegateOptions()),
                    running);
            targets.add(new Target(LAKEGATE, LOCAL, lakegate, true, lakegate.warehouseUri(), Map.of()));
            targets.add(new Target(LAKEGATE, S3, lakegate, true, BenchS3.warehouse("lakegate"), s3.fileIoProperties()));
            String floorWarehouse = Files.createTempDirectory(Targets.runDir(), "iceberg-floor-")
                    .toUri()
                    .toString();
            targets.add(new Target(FLOOR, LOCAL, null, true, floorWarehouse, Map.of()));
            targets.add(new Target(FLOOR, S3, null, true, BenchS3.warehouse("floor"), s3.fileIoProperties()));

            List<Run> runs = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                for (Mode mode : MODES) {
                    List<Target> order = new ArrayList<>(targets);
                    if (round % 2 == 0) {
                        java.util.Collections.reverse(order);
                    }
                    for (Target target : order) {
                        if (mode.locks() ? target.floor() : !target.compareAndSwap()) {
                            continue;
                        }
                        Run run = measure(target, mode, round, appends);
                        if (run.result() != null) {
                            System.out.printf(
                                    Locale.ROOT,
                                    "[bench] round %d %-12s %-18s %7.1f commits/s  p50 %7.1f ms" + "  p99 %7.1f ms%n",
                                    round,
                                    mode.label(),
                                    target.label(),
                                    run.result().commitsPerSecond(),
                                    run.result().percentileMillis(50),
                                    run.result().percentileMillis(99));
                        } else {
                            System.out.printf(
                                    Locale.ROOT,
                                    "[bench] round %d %-12s %-18s failed: %s%n",
                                    round,
                                    mode.label(),
                                    target.label(),
                                    run.failure());
                        }
                        runs.add(run);
                    }
                }
            }
            String table = report(runs, targets, rounds, appends);
            Files.createDirectories(report.toAbsolutePath().getParent());
            Files.writeString(report, table, StandardCharsets.UTF_8);
            System.out.println(table);
            System.out.println("[bench] written to " + report.toAbsolutePath());
        } finally {
            for (AutoCloseable c : running) {
                c.close();
            }
        }
    }

    private static MetastoreTarget start(MetastoreTarget metastore, List<AutoCloseable> running) throws Exception {
        running.add(metastore::stop);
        metastore.start();
        return metastore;
    }

    private static Run measure(Target target, Mode mode, int round, int appends) throws Exception {
        Map<String, String> conf = mode.locks() ? Map.of() : Map.of(HiveCatalogScenarios.LOCK_ENABLED_CONF, "false");
        MetastoreTarget metastore = target.metastore();
        String name = (mode.locks() ? "locks_" : "nolock_") + mode.writers() + "_" + round + "_"
                + target.storage().toLowerCase(Locale.ROOT);
        String key = "bench-" + target.name().replace(' ', '-') + "-" + name;
        List<BaseMetastoreCatalog> catalogs = new ArrayList<>();
        try {
            BaseMetastoreCatalog setup = target.floor()
                    ? FloorCatalogs.open(target.warehouse(), target.catalogProperties())
                    : HiveCatalogs.createAsConfigured(
                            metastore.thriftUri(), target.warehouse(), conf, key, target.catalogProperties());
            catalogs.add(setup);
            String db = "bench_" + name;
            ((SupportsNamespaces) setup).createNamespace(Namespace.of(db));
            TableIdentifier id = TableIdentifier.of(db, "hot");
            setup.createTable(
                    id, HiveCatalogScenarios.SCHEMA, PartitionSpec.unpartitioned(), HiveCatalogScenarios.retrying());
            List<BaseMetastoreCatalog> writers = new ArrayList<>();
            for (int w = 0; w < mode.writers(); w++) {
                BaseMetastoreCatalog writer = target.floor()
                        ? FloorCatalogs.open(target.warehouse(), target.catalogProperties())
                        : HiveCatalogs.createAsConfigured(
                                metastore.thriftUri(),
                                target.warehouse(),
                                conf,
                                key + "-writer-" + w,
                                target.catalogProperties());
                catalogs.add(writer);
                writers.add(writer);
            }
            return new Run(target, mode.label(), ConcurrentAppends.run(writers, id, appends, setup), null);
        } catch (java.util.concurrent.ExecutionException | AssertionError e) {
            Throwable cause = e instanceof java.util.concurrent.ExecutionException ? e.getCause() : e;
            String message =
                    String.valueOf(cause.getMessage()).lines().findFirst().orElse("");
            return new Run(
                    target,
                    mode.label(),
                    null,
                    cause.getClass().getSimpleName() + ": "
                            + (message.length() > 160 ? message.substring(0, 160) + "…" : message));
        } finally {
            for (BaseMetastoreCatalog c : catalogs) {
                ((java.io.Closeable) c).close();
            }
        }
    }

    private static String report(List<Run> runs, List<Target> targets, int rounds, int appends) {
        StringBuilder out = new StringBuilder();
        out.append("# Iceberg commits on one table: 1 and 8 HiveCatalog writers × ")
                .append(appends)
                .append(" appends each\n\n")
                .append(LocalDateTime.now().withNano(0))
                .append(", Hive client ")
                .append(Targets.clientVersion())
                .append(", ")
                .append(rounds)
                .append(" rounds, medians; ")
                .append(Runtime.getRuntime().availableProcessors())
                .append(" cores, load average ")
                .append(String.format(
                        Locale.ROOT,
                        "%.1f",
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                                .getSystemLoadAverage()))
                .append(" at the end. Iceberg's defaults but commit retries (up to 100, 20 ms–1 s apart). `")
                .append(FLOOR)
                .append("`: Iceberg's JdbcCatalog on an in-memory H2 database in the benchmark's JVM, ")
                .append("the same files written the same way; it has no HMS locks, so it runs lock-free only, and ")
                .append("bounds both modes. Storage `S3`: Adobe S3Mock on 127.0.0.1, Iceberg's S3FileIO in the ")
                .append("writers, the gateway started with `--s3-*`; the real HMS runs on local files only.\n\n")
                .append("| mode × writers | target | storage | commits/s | p50 ms | p99 ms | Lakegate / this |\n")
                .append("|---|---|---|---:|---:|---:|---:|\n");
        StringBuilder ratios = new StringBuilder()
                .append("\n| mode × writers | target | commits/s S3 / local | p50 S3 / local |\n")
                .append("|---|---|---:|---:|\n");
        for (String mode : MODES.stream().map(Mode::label).toList()) {
            Map<Target, double[]> medians = new LinkedHashMap<>();
            Map<Target, String> failures = new LinkedHashMap<>();
            for (Target target : targets) {
                List<Run> all = runs.stream()
                        .filter(r -> r.mode().equals(mode) && r.target().equals(target))
                        .toList();
                List<Run> mine = all.stream().filter(r -> r.result() != null).toList();
                all.stream()
                        .filter(r -> r.result() == null)
                        .findFirst()
                        .ifPresent(r -> failures.put(target, r.failure()));
                if (!mine.isEmpty()) {
                    medians.put(target, new double[] {
                        median(mine.stream()
                                .mapToDouble(r -> r.result().commitsPerSecond())
                                .toArray()),
                        median(mine.stream()
                                .mapToDouble(r -> r.result().percentileMillis(50))
                                .toArray()),
                        median(mine.stream()
                                .mapToDouble(r -> r.result().percentileMillis(99))
                                .toArray())
                    });
                }
            }
            for (Target target : targets) {
                double[] m = medians.get(target);
                if (m == null && target.floor()) {
                    continue;
                }
                if (m == null) {
                    String why = failures.getOrDefault(target, "n/a: ignores expected_parameter_key/value");
                    out.append(String.format(
                            Locale.ROOT,
                            "| %s | %s | %s | %s | | | |%n",
                            mode,
                            target.name(),
                            target.storage(),
                            why.replace('|', '/')));
                    continue;
                }
                double[] lakegate = medians.get(sameStorage(targets, LAKEGATE, target.storage()));
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s | %.1f | %.1f | %.1f | %s |%n",
                        mode,
                        target.name(),
                        target.storage(),
                        m[0],
                        m[1],
                        m[2],
                        target.name().equals(LAKEGATE) || lakegate == null
                                ? ""
                                : String.format(Locale.ROOT, "%.2f×", lakegate[0] / m[0])));
                if (target.storage().equals(S3)) {
                    double[] local = medians.get(sameStorage(targets, target.name(), LOCAL));
                    if (local != null) {
                        ratios.append(String.format(
                                Locale.ROOT,
                                "| %s | %s | %.2f | %.2f |%n",
                                mode,
                                target.name(),
                                m[0] / local[0],
                                m[1] / local[1]));
                    }
                }
            }
        }
        return out.append(ratios).toString();
    }

    private static Target sameStorage(List<Target> targets, String name, String storage) {
        return targets.stream()
                .filter(t -> t.name().equals(name) && t.storage().equals(storage))
                .findFirst()
                .orElse(null);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private IcebergCommitBenchmark() {}
}

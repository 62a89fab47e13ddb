package dev.lakegate.bench;

import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import dev.lakegate.realhms.ScratchPostgres;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Measures the native catalog on H2 and on PostgreSQL, in-process and over loopback gRPC: GetTable,
 * CommitTable under contention, adding 100,000 partitions, and listing 1% of them by filter. Prints a
 * Markdown report to stdout and to a file; progress goes to stderr.
 */
public final class CatalogBenchmark {

    private CatalogBenchmark() {}

    /** The command line. */
    public record Options(
            List<String> stores,
            int seconds,
            int warmUpSeconds,
            int threads,
            Path out,
            Set<String> phases,
            String postgresUrl,
            String postgresUser,
            String postgresPassword) {

        static final String USAGE = """
                catalog options:
                  --store h2|postgres|both   stores to measure (default both)
                  --seconds N                length of each timed phase (default 10)
                  --warmup N                 warm-up before each timed phase, in seconds (default 3)
                  --threads N                threads of the concurrent phases (default 8)
                  --out FILE                 where to write the report too
                                             (default benchmarks/target/catalog-benchmark.md)
                  --phases LIST              of get,commit,partitions (default all); get-grpc runs
                                             only the gRPC variants of get, to profile them alone
                  --postgres-url URL         an existing database to create the scratch one from
                                             (default jdbc:postgresql://127.0.0.1:5432/postgres)
                  --postgres-user NAME       (default postgres)
                  --postgres-password TEXT   (default empty)""";

        static Options parse(String[] args) {
            String store = "both";
            int seconds = 10;
            int warmUp = 3;
            int threads = 8;
            Path out = Path.of("benchmarks", "target", "catalog-benchmark.md");
            String phases = "get,commit,partitions";
            String url = "jdbc:postgresql://127.0.0.1:5432/postgres";
            String user = "postgres";
            String password = "";
            for (int i = 0; i < args.length; i++) {
                String option = args[i];
                if (option.equals("--help") || option.equals("-h")) {
                    System.out.println(USAGE);
                    System.exit(0);
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(option + " needs a value");
                }
                String value = args[++i];
                switch (option) {
                    case "--store" -> store = value;
                    case "--seconds" -> seconds = positive(option, value);
                    case "--warmup" -> warmUp = Integer.parseInt(value);
                    case "--threads" -> threads = positive(option, value);
                    case "--out" -> out = Path.of(value);
                    case "--phases" -> phases = value;
                    case "--postgres-url" -> url = value;
                    case "--postgres-user" -> user = value;
                    case "--postgres-password" -> password = value;
                    default -> throw new IllegalArgumentException("unknown option " + option + "\n" + USAGE);
                }
            }
            List<String> stores = switch (store) {
                case "h2" -> List.of("h2");
                case "postgres" -> List.of("postgres");
                case "both" -> List.of("h2", "postgres");
                default -> throw new IllegalArgumentException("--store is h2, postgres or both, not " + store);
            };
            Set<String> phaseSet = new LinkedHashSet<>(List.of(phases.split(",")));
            if (!Set.of("get", "get-grpc", "commit", "partitions").containsAll(phaseSet)) {
                throw new IllegalArgumentException("--phases lists get, get-grpc, commit, partitions, not " + phases);
            }
            if (warmUp < 0) {
                throw new IllegalArgumentException("--warmup must not be negative");
            }
            return new Options(stores, seconds, warmUp, threads, out, phaseSet, url, user, password);
        }

        private static int positive(String option, String value) {
            int parsed = Integer.parseInt(value);
            if (parsed <= 0) {
                throw new IllegalArgumentException(option + " must be positive, not " + value);
            }
            return parsed;
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
        PrintStream progress = System.err;
        Report report = new Report(options);
        warmUpJvm(options, progress);
        for (String store : options.stores()) {
            progress.println("== " + store);
            report.add(store.equals("h2") ? runH2(options, progress) : runPostgres(options, progress));
        }
        ReportFile.publish(report.markdown(), options.out(), progress);
    }

    /**
     * Runs the GetTable and CommitTable phases once, briefly and unreported, on a scratch H2 store, so
     * that the JIT has compiled the shared paths (gRPC, protobuf, mapping, commit engine) before the
     * first measured store: otherwise whichever store runs first would pay for it alone.
     */
    private static void warmUpJvm(Options options, PrintStream progress) throws Exception {
        if (options.warmUpSeconds() == 0) {
            return;
        }
        Options brief = new Options(
                List.of("h2"),
                Math.max(1, options.warmUpSeconds() / 2),
                Math.max(1, options.warmUpSeconds() / 2),
                options.threads(),
                options.out(),
                Set.of("get", "commit"),
                options.postgresUrl(),
                options.postgresUser(),
                options.postgresPassword());
        progress.println("== JVM warm-up on a scratch H2 store (not reported)");
        Path dir = Files.createTempDirectory("lakegate-bench-warmup-");
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        try (JdbcCatalogStore store = JdbcCatalogStore.openH2(dir);
                StoreBenchmark benchmark = new StoreBenchmark("warm-up", store, brief, quiet)) {
            benchmark.run();
        } finally {
            deleteRecursively(dir);
        }
    }

    private static Report.Section runH2(Options options, PrintStream progress) throws Exception {
        Path dir = Files.createTempDirectory("lakegate-bench-h2-");
        try (JdbcCatalogStore store = JdbcCatalogStore.openH2(dir);
                StoreBenchmark benchmark = new StoreBenchmark("H2 (embedded, file)", store, options, progress)) {
            return benchmark.run();
        } finally {
            deleteRecursively(dir);
        }
    }

    private static Report.Section runPostgres(Options options, PrintStream progress) throws Exception {
        try (ScratchPostgres database =
                ScratchPostgres.create(options.postgresUrl(), options.postgresUser(), options.postgresPassword())) {
            progress.println("scratch database " + database.name() + " (dropped at the end)");
            try (JdbcCatalogStore store = JdbcCatalogStore.openPostgres(
                            database.jdbcUrl(), options.postgresUser(), options.postgresPassword());
                    StoreBenchmark benchmark = new StoreBenchmark(
                            "PostgreSQL (" + serverVersion(database) + ")", store, options, progress)) {
                return benchmark.run();
            }
        }
    }

    private static String serverVersion(ScratchPostgres database) {
        return database.serverVersion();
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

package dev.lakegate.bench;

import dev.lakegate.bench.thrift.BuildInfo;
import dev.lakegate.bench.thrift.ThriftCalls;
import dev.lakegate.bench.thrift.ThriftOptions;
import dev.lakegate.bench.thrift.ThriftRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * A real Apache Hive Metastore and a Lakegate gateway, each in a child JVM with the same heap and GC, loaded
 * with the same data through the same Thrift client, then driven with the same calls in alternating timed
 * phases. Prints a Markdown report to stdout and to a file; progress goes to stderr. This class is its
 * command line; {@link ThriftRun} is the run.
 */
@Command(
        name = "thrift",
        sortOptions = false,
        abbreviateSynopsis = true,
        usageHelpWidth = 110,
        description = "Lakegate against a real Hive Metastore over Thrift (see benchmarks/README.md).")
public final class ThriftBenchmark implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "print these options and exit")
    private boolean help;

    @Option(
            names = "--seconds",
            paramLabel = "N",
            defaultValue = "5",
            description = "length of each timed phase, per server (default ${DEFAULT-VALUE})")
    private int seconds;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "5",
            description = "timed phases per server and case, alternating (default ${DEFAULT-VALUE})")
    private int rounds;

    @Option(
            names = "--warmup",
            paramLabel = "N",
            defaultValue = "10",
            description = "unrecorded seconds per server before each case's rounds (default ${DEFAULT-VALUE})")
    private int warmUp;

    @Option(
            names = "--threads",
            paramLabel = "LIST",
            split = ",",
            hideParamSyntax = true,
            defaultValue = "1,8",
            description = "client threads, one connection each (default ${DEFAULT-VALUE})")
    private List<Integer> threads;

    @Option(
            names = "--calls",
            paramLabel = "LIST",
            split = ",",
            hideParamSyntax = true,
            description = "of get_table_req, get_tables, get_table_objects_by_name_req, get_partition_names, "
                    + "get_partitions_by_names, get_partitions_by_filter, alter_table, create_table+drop_table, "
                    + "add_partitions, open_txns+allocate_table_write_ids+commit_txn, get_valid_write_ids, "
                    + "lock+check_lock+unlock (default all; the last three, Hive's transactions, with --postgres "
                    + "only)")
    private List<String> calls;

    @Option(
            names = "--tables",
            paramLabel = "N",
            defaultValue = "1000",
            description = "tables of 10 columns the table calls read (default ${DEFAULT-VALUE})")
    private int tables;

    @Option(
            names = "--days",
            paramLabel = "N",
            defaultValue = "1000",
            description = "ds values of the partitioned table (default ${DEFAULT-VALUE})")
    private int days;

    @Option(
            names = "--hours",
            paramLabel = "N",
            defaultValue = "100",
            description = "hr values of the partitioned table (default ${DEFAULT-VALUE})")
    private int hours;

    @Option(
            names = "--batch",
            paramLabel = "N",
            defaultValue = "10000",
            description = "partitions per add_partitions call of the load, after 10 calls of 100 "
                    + "(default ${DEFAULT-VALUE})")
    private int batch;

    @Option(
            names = "--names",
            paramLabel = "N",
            defaultValue = "100",
            description = "partition names per get_partitions_by_names (default ${DEFAULT-VALUE})")
    private int names;

    @Option(
            names = "--name-lists",
            paramLabel = "N",
            defaultValue = "64",
            description = "different name lists the callers cycle through (default ${DEFAULT-VALUE})")
    private int nameLists;

    @Option(
            names = "--big",
            paramLabel = "N",
            defaultValue = "1000000",
            description = "partitions of the big table, after the timed calls (default ${DEFAULT-VALUE}; 0 skips "
                    + "it): all on Lakegate, on HMS what it takes in --hms-big-seconds")
    private int big;

    @Option(
            names = "--hms-big-seconds",
            paramLabel = "N",
            defaultValue = "60",
            description = "how long HMS may load the big table (default ${DEFAULT-VALUE})")
    private int hmsBigSeconds;

    @Option(
            names = "--idle",
            paramLabel = "N",
            defaultValue = "10000",
            description = "idle connections held open to Lakegate (default ${DEFAULT-VALUE}; 0 skips them), and "
                    + "to HMS up to 500 (its worker pool is one thread per connection)")
    private int idle;

    @Option(
            names = "--server-jvm",
            paramLabel = "FLAGS",
            defaultValue = ThriftOptions.DEFAULT_SERVER_JVM,
            description = "JVM flags of both servers (default \"${DEFAULT-VALUE}\"; HMS needs the stack: see the "
                    + "README)")
    private String serverJvm;

    @Option(
            names = "--server-log-level",
            paramLabel = "L",
            defaultValue = "WARN",
            description = "root log level of both servers (default ${DEFAULT-VALUE}; INFO is what both ship with, "
                    + "and makes HMS write two lines per call)")
    private String serverLogLevel;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            defaultValue = "benchmarks/target/thrift-benchmark.md",
            description = "where to write the report too (default ${DEFAULT-VALUE})")
    private Path out;

    @Option(
            names = "--lakegate-lib",
            paramLabel = "DIR",
            description = "the gateway's jars (default lakegate-lib beside this jar)")
    private Path lakegateLib;

    @Option(
            names = "--hms-home",
            paramLabel = "DIR",
            description = "the laid-out HMS (default hms-<version> beside this jar)")
    private Path hmsHome;

    @Option(
            names = "--hadoop-lib",
            paramLabel = "DIR",
            description = "what a Hadoop installation adds to it (default hms-hadoop-lib beside this jar)")
    private Path hadoopLib;

    @Option(
            names = "--postgres",
            paramLabel = "URL",
            description = "both servers on this PostgreSQL (user postgres, no password), each in a scratch database "
                    + "made for the run and dropped after it, instead of HMS on embedded Derby and Lakegate on "
                    + "embedded H2 (e.g. jdbc:postgresql://127.0.0.1:5432/postgres)")
    private String postgres;

    @Option(
            names = "--txn-history",
            paramLabel = "N",
            defaultValue = "0",
            description = "after the timed calls, commit N transactions (each with a write id) on each server, then "
                    + "time the transaction calls again (default ${DEFAULT-VALUE}: skipped; with --postgres only)")
    private long txnHistory;

    @Option(
            names = "--hms-history-seconds",
            paramLabel = "N",
            defaultValue = "120",
            description = "how long HMS may commit the history (default ${DEFAULT-VALUE})")
    private int hmsHistorySeconds;

    @Option(
            names = "--pg-statements",
            description = "with --postgres: list on stderr, after each timed phase, the statements each server sent "
                    + "to PostgreSQL per call, most executed first")
    private boolean pgStatements;

    @Option(names = "--keep", description = "keep the servers' folders (logs, Derby, H2) instead of deleting them")
    private boolean keep;

    public static void main(String[] args) {
        int exit = new CommandLine(new ThriftBenchmark()).execute(args);
        if (exit != 0) {
            System.exit(exit);
        }
    }

    /** The options, as {@code --help} prints them. */
    public static String usage() {
        return new CommandLine(new ThriftBenchmark()).getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    @Override
    public Integer call() throws Exception {
        new ThriftRun(options(), System.err).run();
        return 0;
    }

    /** The options checked, with the defaults that depend on where this jar is. */
    ThriftOptions options() {
        positive("--seconds", seconds);
        positive("--rounds", rounds);
        positive("--tables", tables);
        positive("--days", days);
        positive("--hours", hours);
        positive("--batch", batch);
        positive("--names", names);
        positive("--name-lists", nameLists);
        positive("--hms-big-seconds", hmsBigSeconds);
        threads.forEach(t -> positive("--threads", t));
        List<String> callList = calls == null
                ? ThriftCalls.ALL.stream()
                        .filter(call -> postgres != null || !ThriftCalls.TRANSACTIONS.contains(call))
                        .toList()
                : List.copyOf(calls);
        if (!ThriftCalls.ALL.containsAll(callList)) {
            throw new ParameterException(
                    spec.commandLine(), "--calls lists of " + ThriftCalls.ALL + ", not " + callList);
        }
        if (postgres == null && callList.stream().anyMatch(ThriftCalls.TRANSACTIONS::contains)) {
            throw new ParameterException(
                    spec.commandLine(),
                    ThriftCalls.TRANSACTIONS + " need --postgres: HMS's transaction handler does not run on Derby");
        }
        if (txnHistory > 0 && postgres == null) {
            throw new ParameterException(spec.commandLine(), "--txn-history needs --postgres");
        }
        positive("--hms-history-seconds", hmsHistorySeconds);
        if (names > days * hours) {
            throw new ParameterException(spec.commandLine(), "--names exceeds the partitions");
        }
        Path here = BuildInfo.jarDir();
        return new ThriftOptions(
                seconds,
                rounds,
                warmUp,
                threads,
                callList,
                tables,
                days,
                hours,
                batch,
                names,
                nameLists,
                List.of(serverJvm.trim().split("\\s+")),
                serverLogLevel.toUpperCase(Locale.ROOT),
                out,
                lakegateLib != null ? lakegateLib : here.resolve("lakegate-lib"),
                hmsHome != null ? hmsHome : here.resolve("hms-" + BuildInfo.hmsVersion()),
                hadoopLib != null ? hadoopLib : here.resolve("hms-hadoop-lib"),
                keep,
                big,
                hmsBigSeconds,
                idle,
                Optional.ofNullable(postgres),
                txnHistory,
                hmsHistorySeconds,
                pgStatements);
    }

    private void positive(String option, int value) {
        if (value <= 0) {
            throw new ParameterException(spec.commandLine(), option + " must be positive, not " + value);
        }
    }
}

package dev.lakegate.bench.thrift;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The Thrift benchmark's settings, as its command line gave them (see {@code ThriftBenchmark}). */
public record ThriftOptions(
        int seconds,
        int rounds,
        int warmUpSeconds,
        List<Integer> threads,
        List<String> calls,
        int tables,
        int days,
        int hours,
        int batch,
        int names,
        int nameLists,
        List<String> serverJvm,
        String serverLogLevel,
        Path out,
        Path lakegateLib,
        Path hmsHome,
        Path hadoopLib,
        boolean keep,
        int big,
        int hmsBigSeconds,
        int idle,
        Optional<String> postgres,
        long txnHistory,
        int hmsHistorySeconds,
        boolean pgStatements) {

    /**
     * The same for both servers. -Xss4m because HMS 4.0.1 inserts a batch's partitions with one multi-row
     * VALUES statement of up to 1,000 rows, which embedded Derby compiles recursively: on the default 1 MB
     * thread stack that is a StackOverflowError, and add_partitions of 1,000 fails with "Exception rolling
     * back to savepoint".
     */
    public static final String DEFAULT_SERVER_JVM = "-Xms1g -Xmx1g -XX:+UseG1GC -Xss4m";

    public ThriftOptions {
        threads = List.copyOf(requireNonNull(threads, "threads is null"));
        calls = List.copyOf(requireNonNull(calls, "calls is null"));
        serverJvm = List.copyOf(requireNonNull(serverJvm, "serverJvm is null"));
        requireNonNull(serverLogLevel, "serverLogLevel is null");
        requireNonNull(out, "out is null");
        requireNonNull(lakegateLib, "lakegateLib is null");
        requireNonNull(hmsHome, "hmsHome is null");
        requireNonNull(hadoopLib, "hadoopLib is null");
        requireNonNull(postgres, "postgres is null");
    }
}

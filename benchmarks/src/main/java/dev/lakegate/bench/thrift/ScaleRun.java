package dev.lakegate.bench.thrift;

import dev.lakegate.bench.thrift.Server.Connection;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * What the timed calls do not show: one table of a million partitions (how fast each server takes
 * them, and whether a 1% filter and a full name listing stay usable), and many idle connections (the
 * threads and heap they cost). Each step writes the lines of its report section.
 */
public final class ScaleRun {

    /** The big table: {@value #BIG_DAYS} ds values × as many hr values as make the partitions asked for. */
    public static final String BIG = "events_big";

    static final int BIG_DAYS = 100;
    private static final int BATCH = 10_000;
    private static final int HMS_BATCH = 1_000;
    private static final int FILTER_RUNS = 20;
    private static final long IDLE_SETTLE_MILLIS = 15_000;
    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)K");

    private final PrintStream progress;
    private final List<String> lines = new ArrayList<>();

    public ScaleRun(PrintStream progress) {
        this.progress = progress;
    }

    public List<String> lines() {
        return lines;
    }

    /**
     * Adds {@code partitions} to a new table on Lakegate in batches of 10,000, and on HMS in batches
     * of 1,000 (what its Derby store takes in one call) for at most {@code hmsSeconds}; then times, on
     * Lakegate, two filters that select 1% (and the floor answering each with the same partitions)
     * and one listing of every name.
     */
    public void bigTable(Server hms, Server lakegate, FloorServer floor, int partitions, int hmsSeconds)
            throws Exception {
        int hours = partitions / BIG_DAYS;
        int total = hours * BIG_DAYS;
        progress.printf(Locale.ROOT, "== %s: %,d partitions (%d ds × %,d hr)%n", BIG, total, BIG_DAYS, hours);
        try (Connection h = hms.connect();
                Connection l = lakegate.connect();
                Connection f = floor.connect()) {
            h.client().create_table(bigTable());
            l.client().create_table(bigTable());
            long t0 = System.nanoTime();
            int added = 0;
            for (int d = 0; d < BIG_DAYS; d++) {
                for (int from = 0; from < hours; from += BATCH) {
                    added += l.client().add_partitions(partitions(d, from, Math.min(hours, from + BATCH)));
                }
            }
            double lakegateSeconds = (System.nanoTime() - t0) / 1e9;
            progress.printf(Locale.ROOT, "Lakegate: %,d partitions in %.1f s%n", added, lakegateSeconds);
            long heapAfterLoad = heapUsedKb(lakegate);

            long h0 = System.nanoTime();
            long deadline = h0 + TimeUnit.SECONDS.toNanos(hmsSeconds);
            int hmsAdded = 0;
            String hmsFailure = null;
            load:
            for (int d = 0; d < BIG_DAYS; d++) {
                for (int from = 0; from < hours; from += HMS_BATCH) {
                    if (System.nanoTime() > deadline) {
                        break load;
                    }
                    try {
                        AddPartitionsRequest request = new AddPartitionsRequest(
                                HiveShapes.DATABASE,
                                BIG,
                                partitions(d, from, Math.min(hours, from + HMS_BATCH)),
                                false);
                        request.setNeedResult(false);
                        h.client().add_partitions_req(request);
                        hmsAdded += Math.min(hours, from + HMS_BATCH) - from;
                    } catch (org.apache.thrift.TException e) {
                        hmsFailure = e.getMessage();
                        break load;
                    }
                }
            }
            double hmsSecondsTaken = (System.nanoTime() - h0) / 1e9;
            progress.printf(
                    Locale.ROOT,
                    "HMS: %,d partitions in %.1f s%s%n",
                    hmsAdded,
                    hmsSecondsTaken,
                    hmsFailure == null ? "" : " (failed: " + hmsFailure + ")");

            double lakegateRate = added / lakegateSeconds;
            double hmsRate = hmsAdded / hmsSecondsTaken;
            lines.add(String.format(
                    Locale.ROOT,
                    "Loading `%s` (%,d partitions, %d ds × %,d hr, each with its folder created): Lakegate %,d "
                            + "partitions in %.1f s (%,.0f/s, batches of %,d); HMS %,d in %.1f s (%,.0f/s, batches "
                            + "of %,d), %s. Lakegate/HMS: %.1f× partitions per second.",
                    BIG,
                    total,
                    BIG_DAYS,
                    hours,
                    added,
                    lakegateSeconds,
                    lakegateRate,
                    BATCH,
                    hmsAdded,
                    hmsSecondsTaken,
                    hmsRate,
                    HMS_BATCH,
                    hmsFailure != null
                            ? "then failed: " + hmsFailure
                            : hmsAdded < total
                                    ? String.format(
                                            Locale.ROOT,
                                            "stopped at the %d s budget "
                                                    + "(at that rate all %,d would take %.0f min)",
                                            hmsSeconds,
                                            total,
                                            total / hmsRate / 60)
                                    : "all of them",
                    lakegateRate / hmsRate));

            int selected = hours;
            lines.add(filterLine(
                    l,
                    f,
                    floor,
                    "`ds = '" + HiveShapes.ds(BIG_DAYS / 2) + "'`",
                    "ds = '" + HiveShapes.ds(BIG_DAYS / 2) + "'",
                    selected));
            int low = hours / 2;
            int width = Math.max(1, hours / 100);
            lines.add(filterLine(
                    l,
                    f,
                    floor,
                    "`hr >= " + low + " and hr < " + (low + width) + "`",
                    "hr >= " + low + " and hr < " + (low + width),
                    width * BIG_DAYS));
            long n0 = System.nanoTime();
            int names = l.client()
                    .get_partition_names(HiveShapes.DATABASE, BIG, (short) -1)
                    .size();
            double namesMillis = (System.nanoTime() - n0) / 1e6;
            check(names == total, "get_partition_names listed " + names + " of " + total);
            long n1 = System.nanoTime();
            names = l.client()
                    .get_partition_names(HiveShapes.DATABASE, BIG, (short) -1)
                    .size();
            double secondMillis = (System.nanoTime() - n1) / 1e6;
            lines.add(String.format(
                    Locale.ROOT,
                    "Lakegate `get_partition_names` of all %,d: %.2f s, then %.2f s; the facade holds the first "
                            + "100,000, then counts the partitions and streams the rest into the Thrift answer page "
                            + "by page. Lakegate heap in use after the load, after a full GC: %,d MB.",
                    names,
                    namesMillis / 1e3,
                    secondMillis / 1e3,
                    heapAfterLoad / 1024));
        }
    }

    private String filterLine(Connection l, Connection f, FloorServer floor, String label, String filter, int expected)
            throws Exception {
        List<Partition> answer = List.of();
        List<Double> millis = new ArrayList<>();
        for (int run = 0; run < FILTER_RUNS + 3; run++) {
            long t0 = System.nanoTime();
            answer = l.client().get_partitions_by_filter(HiveShapes.DATABASE, BIG, filter, (short) -1);
            if (run >= 3) {
                millis.add((System.nanoTime() - t0) / 1e6);
            }
            check(answer.size() == expected, filter + " gave " + answer.size() + " partitions, not " + expected);
        }
        // The same partitions from memory through a plain libthrift server: what the wire and the
        // client's decoding of them cost.
        floor.hold(filter, answer);
        List<Double> floorMillis = new ArrayList<>();
        for (int run = 0; run < FILTER_RUNS + 3; run++) {
            long t0 = System.nanoTime();
            int got = f.client()
                    .get_partitions_by_filter(HiveShapes.DATABASE, BIG, filter, (short) -1)
                    .size();
            if (run >= 3) {
                floorMillis.add((System.nanoTime() - t0) / 1e6);
            }
            check(got == expected, "the floor gave " + got + " partitions, not " + expected);
        }
        Collections.sort(millis);
        Collections.sort(floorMillis);
        double p50 = millis.get(millis.size() / 2);
        double floorP50 = floorMillis.get(floorMillis.size() / 2);
        String line = String.format(
                Locale.ROOT,
                "Lakegate `get_partitions_by_filter` %s on `%s` (%,d partitions, "
                        + "1%%), %d runs after 3 unrecorded: p50 %.1f ms, max %.1f ms; the floor answering the same "
                        + "partitions from memory: p50 %.1f ms (Lakegate %.2f× the floor).",
                label,
                BIG,
                expected,
                FILTER_RUNS,
                p50,
                millis.get(millis.size() - 1),
                floorP50,
                p50 / floorP50);
        progress.println(line);
        return line;
    }

    /**
     * Opens {@code count} connections to the server, each making one call and then staying open and
     * idle, and reports the threads and heap (after a full GC) the server has then against before.
     */
    public void idleConnections(Server server, int count) throws Exception {
        progress.printf(Locale.ROOT, "== %,d idle connections to %s%n", count, server.label());
        long pid = server.jvm().pid();
        int threadsBefore = threads(pid);
        long heapBefore = heapUsedKb(server);
        List<Connection> open = new ArrayList<>(count);
        long t0 = System.nanoTime();
        String failure = null;
        try {
            for (int i = 0; i < count; i++) {
                try {
                    Connection c = Connection.open(Server.HOST, server.port(), 60_000);
                    open.add(c);
                    c.client().get_all_databases();
                } catch (Exception e) {
                    failure = e.getMessage();
                    break;
                }
            }
            double openSeconds = (System.nanoTime() - t0) / 1e9;
            int threadsOpen = threads(pid);
            // Lakegate's call workers end after 10 s without work; then only what idles is left.
            Thread.sleep(IDLE_SETTLE_MILLIS);
            int threadsIdle = threads(pid);
            long heapOpen = heapUsedKb(server);
            String stillAnswers;
            try (Connection probe = server.connect()) {
                long p0 = System.nanoTime();
                probe.client().get_all_databases();
                stillAnswers = String.format(
                        Locale.ROOT, "a new connection's call then took %.1f ms", (System.nanoTime() - p0) / 1e6);
            } catch (Exception e) {
                stillAnswers = "a new connection then failed: " + e.getMessage();
            }
            String line = String.format(
                    Locale.ROOT,
                    "%s with %,d idle connections open (each made one call; opened in %.1f s%s): %d threads when the "
                            + "last was opened, %d after %d s idle (%d before); heap in use after a full GC %,d MB "
                            + "(%,d MB before); %s.",
                    server.label(),
                    open.size(),
                    openSeconds,
                    failure == null ? "" : ", then failed: " + failure,
                    threadsOpen,
                    threadsIdle,
                    IDLE_SETTLE_MILLIS / 1000,
                    threadsBefore,
                    heapOpen / 1024,
                    heapBefore / 1024,
                    stillAnswers);
            progress.println(line);
            lines.add(line);
        } finally {
            open.forEach(Connection::close);
        }
    }

    private static Table bigTable() {
        Table table = HiveShapes.table(BIG);
        table.getParameters().put("comment", "one million partitions");
        return table;
    }

    private static List<Partition> partitions(int day, int fromHour, int toHour) {
        List<Partition> batch = new ArrayList<>(toHour - fromHour);
        for (int hr = fromHour; hr < toHour; hr++) {
            Partition p = HiveShapes.partition(day, hr);
            p.setTableName(BIG);
            batch.add(p);
        }
        return batch;
    }

    static int threads(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("Threads:")) {
                return Integer.parseInt(line.replaceAll("\\D", ""));
            }
        }
        throw new IOException("no thread count for pid " + pid);
    }

    /** The heap the server's JVM uses after a full GC, from jcmd (the JDK's own tool, beside java). */
    static long heapUsedKb(Server server) throws Exception {
        jcmd(server.jvm().pid(), "GC.run");
        Matcher used = HEAP_USED.matcher(jcmd(server.jvm().pid(), "GC.heap_info"));
        if (!used.find()) {
            throw new IllegalStateException("jcmd GC.heap_info gave no heap use for " + server.label());
        }
        return Long.parseLong(used.group(1));
    }

    private static String jcmd(long pid, String command) throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command)
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("jcmd " + pid + " " + command + " failed: " + output);
        }
        return output;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("unexpected answer: " + what);
        }
    }
}

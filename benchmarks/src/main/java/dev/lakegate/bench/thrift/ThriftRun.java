package dev.lakegate.bench.thrift;

import static java.util.Objects.requireNonNull;

import dev.lakegate.bench.ReportFile;
import dev.lakegate.bench.thrift.Server.Connection;
import dev.lakegate.realhms.FileTrees;
import dev.lakegate.realhms.ScratchPostgres;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One run of the Thrift benchmark: both servers, the load, the checks, the timed calls, the scale run, the
 * report (to stdout and the out file). The servers, their folders and scratch databases are gone at the end,
 * a kill of this JVM included (a shutdown hook, and the servers' watchdogs).
 */
public final class ThriftRun {

    /** Idle connections tried on HMS at most: one worker thread each, from a pool of 1,000 by default. */
    static final int HMS_IDLE = 500;

    private static final long IDLE_MILLIS = 5_000;

    private final ThriftOptions options;
    private final PrintStream progress;
    private final Instant date = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private final double loadAtStart = Phase.loadAverageNow();
    private final List<Case> cases = new ArrayList<>();
    private final List<String> checks = new ArrayList<>();
    private final ScaleRun scale;
    private final ThriftLoad load;
    private Path work;
    private List<List<String>> nameRequests;
    private ThriftServers.Hms hms;
    private Server lakegate;
    private FloorServer floor;
    private ScratchPostgres hmsDatabase;
    private ScratchPostgres lakegateDatabase;
    private final Map<String, PostgresWire> wires = new HashMap<>();
    private ThriftCalls.Data data;

    /** {@code progress}: where each step and round is told as it ends. */
    public ThriftRun(ThriftOptions options, PrintStream progress) {
        this.options = requireNonNull(options, "options is null");
        this.progress = requireNonNull(progress, "progress is null");
        this.scale = new ScaleRun(progress);
        this.load = new ThriftLoad(options, progress, checks);
    }

    public void run() throws Exception {
        work = Files.createTempDirectory("lakegate-thrift-bench-");
        Thread cleanup = new Thread(this::stopServers, "stop-servers");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            startServers();
            nameRequests =
                    HiveShapes.nameRequests(options.nameLists(), options.names(), options.days(), options.hours(), 42);
            data = new ThriftCalls.Data(options.tables(), options.days(), options.hours(), nameRequests);
            load.run(hms.server(), lakegate);
            verify();
            floor = FloorServer.start();
            try (Connection h = hms.server().connect()) {
                for (int i = 0; i < options.tables(); i++) {
                    floor.hold(h.client()
                            .get_table_req(ThriftCalls.getTableRequest(HiveShapes.tableName(i)))
                            .getTable());
                }
            }
            idleCpu();
            ThriftRounds rounds = new ThriftRounds(options, progress, hms.server(), lakegate, floor, data, wires);
            for (String call : options.calls()) {
                for (int threads : options.threads()) {
                    cases.add(rounds.measure(call, threads));
                }
            }
            if (options.txnHistory() > 0) {
                history(rounds);
            }
            if (options.idle() > 0) {
                scale.idleConnections(lakegate, options.idle());
                scale.idleConnections(hms.server(), Math.min(options.idle(), HMS_IDLE));
            }
            if (options.big() > 0) {
                scale.bigTable(hms.server(), lakegate, floor, options.big(), options.hmsBigSeconds());
            }
            String rssHms = ThriftChecks.rss(hms.server().jvm().pid());
            String rssLakegate = ThriftChecks.rss(lakegate.jvm().pid());
            checks.add("Resident memory at the end: HMS " + rssHms + ", Lakegate " + rssLakegate
                    + " (VmRSS; heap pages never touched are not resident).");
            ReportFile.publish(
                    new ThriftReport(
                                    options, date, loadAtStart, hms, lakegate, data, cases, load, scale.lines(), checks)
                            .render(),
                    options.out(),
                    progress);
        } finally {
            stopServers();
            Runtime.getRuntime().removeShutdownHook(cleanup);
            if (options.keep()) {
                progress.println("kept " + work);
            } else {
                FileTrees.delete(work);
            }
        }
    }

    private void startServers() throws Exception {
        progress.println("== starting HMS " + BuildInfo.hmsVersion() + " (schema tool, then server) in " + work);
        if (options.postgres().isPresent()) {
            hmsDatabase = ScratchPostgres.create(options.postgres().get(), "postgres", "");
            lakegateDatabase = ScratchPostgres.create(options.postgres().get(), "postgres", "");
            progress.println("PostgreSQL " + hmsDatabase.serverVersion() + ": HMS in " + hmsDatabase.name()
                    + ", Lakegate in " + lakegateDatabase.name());
        }
        hms = ThriftServers.hms(
                options,
                Files.createDirectories(work.resolve("hms")),
                Optional.ofNullable(hmsDatabase).map(d -> wire("HMS", d)));
        progress.printf(
                Locale.ROOT,
                "HMS on port %d (pid %d): schema %.1f s, server %.1f s%n",
                hms.server().port(),
                hms.server().jvm().pid(),
                hms.schemaMillis() / 1e3,
                hms.server().startMillis() / 1e3);
        progress.println("== starting Lakegate from " + options.lakegateLib());
        lakegate = ThriftServers.lakegate(
                options,
                Files.createDirectories(work.resolve("lakegate")),
                Optional.ofNullable(lakegateDatabase).map(d -> wire("Lakegate", d)));
        progress.printf(
                Locale.ROOT,
                "Lakegate on port %d (pid %d): %.1f s%n",
                lakegate.port(),
                lakegate.jvm().pid(),
                lakegate.startMillis() / 1e3);
    }

    /**
     * The URL of {@code database} through a counting proxy of the server labelled {@code label}, so that each
     * timed phase reports the server's round trips and commits to PostgreSQL.
     */
    private String wire(String label, ScratchPostgres database) {
        try {
            PostgresWire wire = PostgresWire.in(database.jdbcUrl(), options.pgStatements());
            wires.put(label, wire);
            return wire.through(database.jdbcUrl());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
            hms.server().close();
        }
        wires.values().forEach(PostgresWire::close);
        for (ScratchPostgres database : new ScratchPostgres[] {hmsDatabase, lakegateDatabase}) {
            if (database != null) {
                database.close();
            }
        }
        hmsDatabase = null;
        lakegateDatabase = null;
    }

    /** Both servers hold and answer the same; a difference that matters stops the run. */
    private void verify() throws Exception {
        progress.println("== checking that both servers hold and answer the same");
        checks.add(String.format(
                Locale.ROOT,
                "Partition folders on disk after the load (`hr=…` below each " + "warehouse): HMS %,d, Lakegate %,d.",
                ThriftChecks.partitionFolders(work.resolve("hms").resolve("warehouse")),
                ThriftChecks.partitionFolders(
                        work.resolve("lakegate").resolve("data").resolve("warehouse"))));
        try (Connection h = hms.server().connect();
                Connection l = lakegate.connect()) {
            checks.addAll(ThriftChecks.compare(
                    h.client(),
                    l.client(),
                    options.tables(),
                    options.days() * options.hours(),
                    nameRequests,
                    ThriftCalls::getTableRequest));
        }
        checks.forEach(c -> progress.println("  " + c));
    }

    /** What each server burns doing nothing (background threads), over a few quiet seconds. */
    private void idleCpu() throws InterruptedException {
        long h0 = hms.server().jvm().cpuNanos();
        long l0 = lakegate.jvm().cpuNanos();
        long t0 = System.nanoTime();
        Thread.sleep(IDLE_MILLIS);
        long elapsed = System.nanoTime() - t0;
        double h = (hms.server().jvm().cpuNanos() - h0) * 100.0 / elapsed;
        double l = (lakegate.jvm().cpuNanos() - l0) * 100.0 / elapsed;
        checks.add(String.format(
                Locale.ROOT,
                "Idle CPU after the load, over %d s with no calls: HMS %.1f%% of a "
                        + "core, Lakegate %.1f%% (part of every CPU-per-call figure: divide by the calls of a round).",
                IDLE_MILLIS / 1000,
                h,
                l));
        progress.printf(Locale.ROOT, "idle CPU: HMS %.1f%%, Lakegate %.1f%% of a core%n", h, l);
    }

    /**
     * Commits the history on each server (Lakegate all of it, HMS what it takes in its budget), then times the
     * transaction calls of this run again.
     */
    private void history(ThriftRounds rounds) throws Exception {
        TransactionHistory history = new TransactionHistory(progress);
        TransactionHistory.Committed onLakegate =
                history.commit("Lakegate", lakegate, options.txnHistory(), Integer.MAX_VALUE / 1000);
        TransactionHistory.Committed onHms =
                history.commit("HMS", hms.server(), options.txnHistory(), options.hmsHistorySeconds());
        // the gateway's housekeeper forgets what no reader needs every 30 s: let it run once
        Thread.sleep(35_000);
        List<Case> before = List.copyOf(cases);
        List<Case> after = new ArrayList<>();
        for (String call : options.calls()) {
            if (ThriftCalls.TRANSACTIONS.contains(call)) {
                for (int threads : options.threads()) {
                    after.add(rounds.measure(call, threads));
                }
            }
        }
        history.compare(
                onHms,
                onLakegate,
                before,
                after,
                TransactionHistory.rows(
                        hmsDatabase.jdbcUrl(),
                        List.of("\"TXNS\"", "\"TXN_TO_WRITE_ID\"", "\"COMPLETED_TXN_COMPONENTS\"")),
                TransactionHistory.rows(
                        lakegateDatabase.jdbcUrl(), List.of("acid_transactions", "acid_write_ids", "acid_write_sets")));
        scale.lines().addAll(history.lines());
    }
}

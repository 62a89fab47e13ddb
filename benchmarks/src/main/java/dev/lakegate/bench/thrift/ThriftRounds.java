package dev.lakegate.bench.thrift;

import dev.lakegate.bench.Harness;
import dev.lakegate.bench.Measurement;
import dev.lakegate.bench.thrift.Server.Connection;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The timed calls: per call and thread count, a warm-up on each server, then rounds alternating which goes
 * first, and for {@code get_table_req} the floor after each round.
 */
final class ThriftRounds {

    /** Statement texts listed per phase with --pg-statements, most executed first. */
    private static final int STATEMENTS_SHOWN = 25;

    private final ThriftOptions options;
    private final PrintStream progress;
    private final Server hms;
    private final Server lakegate;
    private final FloorServer floor;
    private final ThriftCalls.Data data;
    private final Map<String, PostgresWire> wires;

    /** {@code wires}: each server's proxy to PostgreSQL by its label, none on embedded databases. */
    ThriftRounds(
            ThriftOptions options,
            PrintStream progress,
            Server hms,
            Server lakegate,
            FloorServer floor,
            ThriftCalls.Data data,
            Map<String, PostgresWire> wires) {
        this.wires = Map.copyOf(wires);
        this.options = options;
        this.progress = progress;
        this.hms = hms;
        this.lakegate = lakegate;
        this.floor = floor;
        this.data = data;
    }

    Case measure(String call, int threads) throws Exception {
        progress.printf(
                Locale.ROOT,
                "== %s, %d thread(s): warm-up %d s each, then %d rounds of %d s each, "
                        + "alternating (load average %.2f)%n",
                call,
                threads,
                options.warmUpSeconds(),
                options.rounds(),
                options.seconds(),
                Phase.loadAverageNow());
        List<Connection> hmsConnections = new ArrayList<>();
        List<Connection> lgConnections = new ArrayList<>();
        List<Connection> floorConnections = new ArrayList<>();
        boolean withFloor = call.equals(ThriftCalls.GET_TABLE);
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
                progress.printf(
                        Locale.ROOT,
                        "  warm-up: HMS %,.1f ops/s (p99 %.2f ms), Lakegate %,.1f ops/s " + "(p99 %.2f ms)%n",
                        hmsWarm.perSecond(),
                        hmsWarm.p99Millis(),
                        lgWarm.perSecond(),
                        lgWarm.p99Millis());
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
                    Phase p = phase(
                            isHms ? hms : lakegate, call, isHms ? hmsConnections : lgConnections, options.seconds());
                    (isHms ? hmsPhases : lgPhases).add(p);
                    progress.printf(
                            Locale.ROOT,
                            "  round %d %-8s %,9.1f ops/s  p50 %7.2f ms  p99 %7.2f ms  "
                                    + "server CPU %.3f ms/op  PG round trips %.2f/op, commits %.2f/op  load %.2f%n",
                            r + 1,
                            isHms ? "HMS" : "Lakegate",
                            p.perSecond(),
                            p.p50Millis(),
                            p.p99Millis(),
                            p.serverCpuMillisPerOp(),
                            p.roundTripsPerOp(),
                            p.commitsPerOp(),
                            p.loadAverage());
                }
                if (withFloor) {
                    Phase p = floorPhase(call, floorConnections, options.seconds());
                    floorPhases.add(p);
                    progress.printf(
                            Locale.ROOT,
                            "  round %d %-8s %,9.1f ops/s  p50 %7.2f ms  p99 %7.2f ms%n",
                            r + 1,
                            "floor",
                            p.perSecond(),
                            p.p50Millis(),
                            p.p99Millis());
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
        Measurement m = Harness.timed(
                connections.size(),
                Duration.ZERO,
                Duration.ofSeconds(seconds),
                thread -> ThriftCalls.operation(call, thread, connections.get(thread), data));
        return new Phase(
                m.perSecond(),
                m.p50Millis(),
                m.p99Millis(),
                Double.NaN,
                Phase.loadAverageNow(),
                m.operations(),
                Double.NaN,
                Double.NaN);
    }

    private Phase phase(Server server, String call, List<Connection> connections, int seconds) throws Exception {
        server.jvm().checkAlive("during " + call);
        PostgresWire wire = wires.get(server.label());
        PostgresWire.Counts wire0 = wire == null ? null : wire.counts();
        long cpu0 = server.jvm().cpuNanos();
        Measurement m = Harness.timed(
                connections.size(),
                Duration.ZERO,
                Duration.ofSeconds(seconds),
                thread -> ThriftCalls.operation(call, thread, connections.get(thread), data));
        long cpu1 = server.jvm().cpuNanos();
        double cpuPerOp =
                cpu0 < 0 || cpu1 < 0 || m.operations() == 0 ? Double.NaN : (cpu1 - cpu0) / 1e6 / m.operations();
        double roundTrips = Double.NaN;
        double commits = Double.NaN;
        if (wire != null && m.operations() > 0) {
            PostgresWire.Counts delta = wire.counts().minus(wire0);
            roundTrips = delta.roundTrips() / (double) m.operations();
            commits = delta.commits() / (double) m.operations();
            if (options.pgStatements()) {
                progress.println("  " + server.label() + "'s statements to PostgreSQL, per " + call + ":");
                PostgresWire.perOperation(delta, m.operations(), STATEMENTS_SHOWN)
                        .forEach(line -> progress.println("    " + line));
            }
        }
        return new Phase(
                m.perSecond(),
                m.p50Millis(),
                m.p99Millis(),
                cpuPerOp,
                Phase.loadAverageNow(),
                m.operations(),
                roundTrips,
                commits);
    }
}

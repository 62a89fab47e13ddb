package dev.lakegate.bench.thrift;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One timed phase of one server (or of the floor, which has no server CPU of its own: NaN). Round trips and
 * commits are the server's to PostgreSQL per operation ({@link PostgresWire}), NaN when it runs on an embedded
 * database.
 */
record Phase(
        double perSecond,
        double p50Millis,
        double p99Millis,
        double serverCpuMillisPerOp,
        double loadAverage,
        long operations,
        double roundTripsPerOp,
        double commitsPerOp) {

    /** The median of one figure over the phases. */
    static double median(List<Phase> phases, ToDoubleFunction<Phase> figure) {
        double[] values = phases.stream().mapToDouble(figure).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** The machine's load average over the last minute. */
    static double loadAverageNow() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}

package dev.lakegate.bench;

import static java.util.Objects.requireNonNull;

/**
 * What one measured phase gave: how many operations in how long, their latencies (sorted, in
 * nanoseconds), a count of something extra (retries) summed over the operations, and the CPU time
 * the whole process spent meanwhile (negative: unknown).
 */
public record Measurement(long operations, long elapsedNanos, long[] sortedLatencyNanos, long extra, long cpuNanos) {

    public Measurement {
        requireNonNull(sortedLatencyNanos, "sortedLatencyNanos is null");
    }

    public double perSecond() {
        return elapsedNanos == 0 ? 0 : operations * 1e9 / elapsedNanos;
    }

    /** Process CPU time per operation in milliseconds; NaN when unknown. */
    public double cpuMillisPerOperation() {
        return cpuNanos < 0 || operations == 0 ? Double.NaN : cpuNanos / 1e6 / operations;
    }

    public double seconds() {
        return elapsedNanos / 1e9;
    }

    /** Nearest-rank percentile in milliseconds, {@code p} in (0, 100]. */
    public double percentileMillis(double p) {
        int n = sortedLatencyNanos.length;
        if (n == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * n);
        return sortedLatencyNanos[Math.min(n, Math.max(1, rank)) - 1] / 1e6;
    }

    public double p50Millis() {
        return percentileMillis(50);
    }

    public double p99Millis() {
        return percentileMillis(99);
    }

    public double maxMillis() {
        return sortedLatencyNanos.length == 0 ? Double.NaN : sortedLatencyNanos[sortedLatencyNanos.length - 1] / 1e6;
    }
}

package dev.lakegate.bench.thrift;

import java.util.ArrayList;
import java.util.List;

/** The load of one server: milliseconds per step, filled in as {@link ThriftLoad} runs. */
final class LoadTimes {

    /** The time recorded for a batch HMS refused (and that was then added in smaller ones). */
    static final long REFUSED = -1;

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

    /** The batch times, without those of batches HMS refused. */
    static List<Long> timed(List<Long> millis) {
        return millis.stream().filter(m -> m != REFUSED).toList();
    }

    /** The median of the batches added as asked; NaN when there are none. */
    static double median(List<Long> values) {
        long[] sorted =
                timed(values).stream().mapToLong(Long::longValue).sorted().toArray();
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }

    static double max(List<Long> values) {
        return timed(values).stream().mapToLong(Long::longValue).max().orElse(-1);
    }
}

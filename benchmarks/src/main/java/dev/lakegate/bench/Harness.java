package dev.lakegate.bench;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A plain-Java load harness: warm-up, then a timed phase. Each thread records its own latencies
 * (no sharing on the hot path); they are merged and sorted at the end for percentiles.
 */
public final class Harness {

    /** One caller's loop body; returns how many "extra" things happened (retries), usually 0. */
    @FunctionalInterface
    public interface Operation {
        long call() throws Exception;
    }

    /** Makes the operation of one thread (index 0..threads-1), outside any timed region. */
    @FunctionalInterface
    public interface OperationFactory {
        Operation create(int thread) throws Exception;
    }

    private Harness() {}

    /**
     * {@code threads} threads call their operation in a loop: during {@code warmUp} unrecorded, then
     * for {@code measure} recorded. Operations started before the end of the phase count; the elapsed
     * time runs from the end of the warm-up to the last of them finishing.
     */
    public static Measurement timed(int threads, Duration warmUp, Duration measure, OperationFactory factory)
            throws Exception {
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Recorder[] recorders = new Recorder[threads];
        long[] startNanos = new long[1];
        List<Thread> workers = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            int index = t;
            Recorder recorder = new Recorder();
            recorders[t] = recorder;
            Thread worker = new Thread(
                    () -> {
                        try {
                            Operation operation;
                            try {
                                operation = factory.create(index);
                            } finally {
                                ready.countDown();
                            }
                            go.await();
                            long measureFrom = startNanos[0] + warmUp.toNanos();
                            long measureUntil = measureFrom + measure.toNanos();
                            while (failure.get() == null) {
                                long before = System.nanoTime();
                                if (before >= measureUntil) {
                                    break;
                                }
                                long extra = operation.call();
                                long after = System.nanoTime();
                                if (before >= measureFrom) {
                                    recorder.record(after - before, extra, after);
                                }
                            }
                        } catch (Throwable e) {
                            failure.compareAndSet(null, e);
                        }
                    },
                    "bench-" + t);
            worker.setDaemon(true);
            workers.add(worker);
            worker.start();
        }
        ready.await();
        startNanos[0] = System.nanoTime();
        go.countDown();
        long sleepNanos = warmUp.toNanos() - (System.nanoTime() - startNanos[0]);
        if (sleepNanos > 0) {
            Thread.sleep(sleepNanos / 1_000_000, (int) (sleepNanos % 1_000_000));
        }
        long cpuBefore = processCpuNanos();
        for (Thread worker : workers) {
            worker.join();
        }
        long cpu = processCpuNanos() - cpuBefore;
        rethrow(failure.get());
        long measureFrom = startNanos[0] + warmUp.toNanos();
        long lastFinish = measureFrom;
        for (Recorder recorder : recorders) {
            lastFinish = Math.max(lastFinish, recorder.lastFinish);
        }
        return merge(recorders, lastFinish - measureFrom, cpu);
    }

    /**
     * One thread calls {@code operation} {@code warmUpRuns} times unrecorded, then {@code runs}
     * times recorded; the elapsed time is the sum of the recorded calls.
     */
    public static Measurement counted(int warmUpRuns, int runs, Operation operation) throws Exception {
        for (int i = 0; i < warmUpRuns; i++) {
            operation.call();
        }
        Recorder recorder = new Recorder();
        long cpuBefore = processCpuNanos();
        long total = 0;
        for (int i = 0; i < runs; i++) {
            long before = System.nanoTime();
            long extra = operation.call();
            long after = System.nanoTime();
            recorder.record(after - before, extra, after);
            total += after - before;
        }
        return merge(new Recorder[] {recorder}, total, processCpuNanos() - cpuBefore);
    }

    /**
     * CPU time of the whole process (callers, server, GC and JIT threads alike) so far; what the
     * operations cost this JVM whatever else runs on the machine. -1 where the JVM cannot tell.
     */
    static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : -1;
    }

    private static Measurement merge(Recorder[] recorders, long elapsedNanos, long cpuNanos) {
        int total = 0;
        long extra = 0;
        for (Recorder recorder : recorders) {
            total += recorder.size;
            extra += recorder.extra;
        }
        long[] all = new long[total];
        int at = 0;
        for (Recorder recorder : recorders) {
            System.arraycopy(recorder.latencies, 0, all, at, recorder.size);
            at += recorder.size;
        }
        Arrays.sort(all);
        return new Measurement(total, elapsedNanos, all, extra, cpuNanos);
    }

    private static void rethrow(Throwable failure) throws Exception {
        if (failure == null) {
            return;
        }
        if (failure instanceof Exception exception) {
            throw exception;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        throw new IllegalStateException(failure);
    }

    /** One thread's latencies, growing as needed. */
    private static final class Recorder {
        long[] latencies = new long[1 << 16];
        int size;
        long extra;
        long lastFinish;

        void record(long nanos, long extraCount, long finishedAt) {
            if (size == latencies.length) {
                latencies = Arrays.copyOf(latencies, size * 2);
            }
            latencies[size++] = nanos;
            extra += extraCount;
            lastFinish = finishedAt;
        }
    }
}

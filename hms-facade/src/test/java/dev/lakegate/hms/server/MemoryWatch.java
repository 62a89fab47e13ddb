package dev.lakegate.hms.server;

import io.netty.buffer.ByteBufAllocatorMetric;
import io.netty.buffer.UnpooledByteBufAllocator;

/**
 * The server's buffer memory, exactly: an unpooled allocator (every buffer is its own allocation,
 * counted until released) given to the server, sampled every millisecond for the peak.
 */
final class MemoryWatch implements AutoCloseable {

    final UnpooledByteBufAllocator allocator = new UnpooledByteBufAllocator(true);
    private volatile long peak;
    private volatile boolean watching;
    private Thread sampler;

    long used() {
        ByteBufAllocatorMetric metric = allocator.metric();
        return metric.usedDirectMemory() + metric.usedHeapMemory();
    }

    /** Starts recording the peak from now. */
    void start() {
        peak = used();
        watching = true;
        sampler = new Thread(
                () -> {
                    while (watching) {
                        peak = Math.max(peak, used());
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "memory-watch");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** The highest use seen since {@link #start()}, so far. */
    long peak() {
        return Math.max(peak, used());
    }

    /** The highest use seen since {@link #start()}. */
    long stop() throws InterruptedException {
        watching = false;
        sampler.join();
        return Math.max(peak, used());
    }

    @Override
    public void close() {
        watching = false;
    }
}

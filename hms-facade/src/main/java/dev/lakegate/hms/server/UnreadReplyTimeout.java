package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a connection whose client has stopped reading its replies: the connection cannot take more
 * output and none of what waits has gone out for the timeout. Without it such a client keeps an unread
 * reply in server memory (up to the reply limit), and a worker streaming a large reply waits for it, for
 * as long as the connection lives: the idle timeout never fires while calls wait. A client that reads,
 * however slowly, makes progress and is left alone.
 *
 * <p>The server sees a client's reading only when its socket's send buffer in the kernel (some MB on a
 * fast link) has room again, so a client that takes longer than the timeout to read about a third of
 * that counts as stalled: under 20 KB/s at the default 60 s. Watched only while the channel is not
 * writable, so idle connections cost no timer. Event loop only.
 */
final class UnreadReplyTimeout extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(UnreadReplyTimeout.class);

    /** Checks per timeout: a stall is noticed within a quarter of the timeout after it ends. */
    private static final int CHECKS = 4;

    private final long timeoutNanos;
    private final ServerCounters counters;

    private ScheduledFuture<?> check;
    private OutputPosition lastSeen;
    private long unchangedSince;

    UnreadReplyTimeout(Duration timeout, ServerCounters counters) {
        this.timeoutNanos = requireNonNull(timeout, "timeout is null").toNanos();
        this.counters = requireNonNull(counters, "counters is null");
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (!context.channel().isWritable() && check == null) {
            lastSeen = OutputPosition.of(context);
            unchangedSince = System.nanoTime();
            check = context.executor()
                    .scheduleAtFixedRate(
                            () -> check(context), timeoutNanos / CHECKS, timeoutNanos / CHECKS, TimeUnit.NANOSECONDS);
        }
        context.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        stop();
        context.fireChannelInactive();
    }

    private void check(ChannelHandlerContext context) {
        if (context.channel().isWritable() || !context.channel().isActive()) {
            stop();
            return;
        }
        OutputPosition now = OutputPosition.of(context);
        if (!now.equals(lastSeen)) {
            lastSeen = now;
            unchangedSince = System.nanoTime();
        } else if (System.nanoTime() - unchangedSince >= timeoutNanos) {
            stop();
            counters.unreadReplyClose();
            log.warn(
                    "Closing the connection from {}: its client has read none of the {} bytes of replies waiting "
                            + "for it in {} ms",
                    context.channel().remoteAddress(),
                    now.pendingBytes(),
                    TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
            context.close();
        }
    }

    private void stop() {
        if (check != null) {
            check.cancel(false);
            check = null;
        }
    }

    /** How far the connection's output has gone: it moves whenever the client takes any of it. */
    private record OutputPosition(long pendingBytes, int currentMessage, long progressInIt) {

        static OutputPosition of(ChannelHandlerContext context) {
            ChannelOutboundBuffer output = context.channel().unsafe().outboundBuffer();
            return output == null
                    ? new OutputPosition(0, 0, 0)
                    : new OutputPosition(
                            output.totalPendingWriteBytes(),
                            System.identityHashCode(output.current()),
                            output.currentProgress());
        }
    }
}

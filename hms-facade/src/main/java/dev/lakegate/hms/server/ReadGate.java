package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first handler of a connection, and the only one that turns its reading on and off. It counts
 * every byte read as in flight until the call it belongs to is answered (or the connection closes),
 * and stops reading (Netty's auto-read off, so TCP holds the client back) while any reason holds:
 *
 * <ul>
 * <li>this connection holds more than its limit and at least one whole call, whose answer will
 * release bytes (a message still arriving alone is bounded by the maximum message size instead, and
 * must be read whole before anything can be released);
 * <li>the server as a whole holds its limit ({@link InFlightBytes}) and this connection more than
 * {@value #ALLOWANCE} bytes: small calls (most HMS calls are a few hundred bytes) go on while clients
 * of large ones wait, so a flood of giant messages cannot stop every client; except the one
 * connection holding the server's overdraft, which finishes reading the message it is in;
 * <li>too many calls wait on the connection, or the server is shutting down ({@link ConnectionHandler}).
 * </ul>
 *
 * <p>Turning auto-read off is not enough on its own: a decoder holding part of a message asks for
 * another read when a read brought no whole message, so this handler, nearest the socket, also
 * refuses reads asked for while a reason holds.
 *
 * <p>A client holding the overdraft that stops sending in the middle of its message is closed after
 * {@link #OVERDRAFT_STALL}, so that an abandoned message cannot keep every other large call waiting.
 *
 * <p>So the server holds at most the global limit and one maximum message plus, per connection, the
 * allowance and one read.
 * Event loop only, except {@link InFlightBytes}'s wake-up, which comes back to the event loop.
 */
final class ReadGate extends ChannelDuplexHandler {

    private static final Logger log = LoggerFactory.getLogger(ReadGate.class);

    /**
     * A connection holding the overdraft that sends nothing for this long while it is read is closed:
     * it would keep every other large call waiting (HMS clients write a call whole, at once).
     */
    static final Duration OVERDRAFT_STALL = Duration.ofSeconds(10);

    private static final long STALL_CHECK_MILLIS = 1_000;

    /** Bytes a connection may always hold, whatever the server holds. */
    static final int ALLOWANCE = 64 * 1024;

    /** Why reading is off, as bits: reading is on when none is set. */
    static final int CONNECTION_BYTES = 1;

    static final int SERVER_BYTES = 2;
    static final int CALLS_WAITING = 4;
    static final int DRAINING = 8;

    private final InFlightBytes server;
    private final long connectionLimit;

    private ChannelHandlerContext channel;
    private long held;
    /** Of {@link #held}, the bytes of whole calls read and not yet answered. */
    private long callBytes;

    private int reasons;
    private boolean waitingForServer;
    private boolean closed;
    private long lastReadNanos = System.nanoTime();
    private ScheduledFuture<?> stallCheck;

    ReadGate(InFlightBytes server, long connectionLimit) {
        this.server = requireNonNull(server, "server is null");
        if (connectionLimit <= 0) {
            throw new IllegalArgumentException("the connection's in-flight byte limit must be positive");
        }
        this.connectionLimit = connectionLimit;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        if (message instanceof ByteBuf bytes && !closed) {
            int length = bytes.readableBytes();
            lastReadNanos = System.nanoTime();
            held += length;
            server.add(length);
            update();
        }
        ctx.fireChannelRead(message);
    }

    @Override
    public void read(ChannelHandlerContext ctx) {
        if (reasons == 0 || closed) {
            ctx.read();
        }
        // else dropped: turning auto-read back on reads again
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closed = true;
        if (stallCheck != null) {
            stallCheck.cancel(false);
        }
        server.returnOverdraft(this);
        server.release(held);
        held = 0;
        callBytes = 0;
        ctx.fireChannelInactive();
    }

    /** A whole call of {@code wireBytes} was read: its answer will release them. */
    void callRead(long wireBytes) {
        if (!closed) {
            callBytes += wireBytes;
            update();
        }
    }

    /** The call of {@code wireBytes} was answered (or refused): its bytes are no longer held. */
    void callAnswered(long wireBytes) {
        if (closed) {
            return;
        }
        long released = Math.min(wireBytes, held);
        held -= released;
        callBytes = Math.max(0, callBytes - wireBytes);
        server.release(released);
        update();
    }

    /** Sets or clears a reason of the connection handler ({@link #CALLS_WAITING}, {@link #DRAINING}). */
    void hold(int reason, boolean on) {
        reasons = on ? reasons | reason : reasons & ~reason;
        apply();
    }

    /** Bytes read on this connection and not yet answered. */
    long held() {
        return held;
    }

    private void update() {
        boolean overConnection = callBytes > 0 && held >= connectionLimit;
        boolean overServer = held > ALLOWANCE && server.full();
        boolean overdrawing = false;
        if (callBytes > 0 || held == callBytes) {
            // not in the middle of a message, or whole calls first: those will release bytes
            server.returnOverdraft(this);
        } else if (overServer && server.overdraft(this)) {
            overdrawing = true;
            overServer = !server.overdraftLeft();
            watchForStall();
        }
        reasons = overConnection ? reasons | CONNECTION_BYTES : reasons & ~CONNECTION_BYTES;
        reasons = overServer ? reasons | SERVER_BYTES : reasons & ~SERVER_BYTES;
        if (overServer && !waitingForServer) {
            waitingForServer = true;
            server.wakeWhenFree(this::wake);
            if (!server.full() || (overdrawing && server.overdraftLeft())) {
                // freed between the check and the registration: look again now
                wake();
            }
        }
        apply();
    }

    private void watchForStall() {
        if (stallCheck == null) {
            stallCheck = channel.executor()
                    .scheduleAtFixedRate(
                            this::checkStall, STALL_CHECK_MILLIS, STALL_CHECK_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private void checkStall() {
        if (closed || !server.holdsOverdraft(this)) {
            stallCheck.cancel(false);
            stallCheck = null;
        } else if (reasons == 0 && System.nanoTime() - lastReadNanos > OVERDRAFT_STALL.toNanos()) {
            log.warn(
                    "Closing the connection from {}: it sent nothing for {} in the middle of a message of {} bytes "
                            + "so far while every other large call waited for it",
                    channel.channel().remoteAddress(),
                    OVERDRAFT_STALL,
                    held - callBytes);
            channel.close();
        }
    }

    /** Any thread: the server's bytes went under the limit. */
    private void wake() {
        try {
            channel.executor().execute(() -> {
                waitingForServer = false;
                if (!closed) {
                    update();
                }
            });
        } catch (RejectedExecutionException e) {
            // the event loop has stopped, and the connection with it
        }
    }

    private void apply() {
        boolean read = reasons == 0 && !closed;
        if (channel.channel().config().isAutoRead() != read) {
            if (read) {
                // time spent not reading is not the client's silence
                lastReadNanos = System.nanoTime();
            }
            channel.channel().config().setAutoRead(read);
        }
    }
}

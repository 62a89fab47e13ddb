package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.apache.thrift.transport.TTransportException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the calls of one connection: one at a time, in the order they arrived, each on a worker
 * thread, never on the event loop (handlers block on gRPC). HMS serves a connection the same way
 * (a thread per connection), and clients rely on it: {@code set_ugi} applies to the calls after it.
 *
 * <p>Calls that arrive while one runs (pipelining) wait in a queue; at {@value #PAUSE_AT} the
 * connection stops reading until the queue drains to {@value #RESUME_AT}, so a pipelining client is
 * held back by TCP, not by server memory; the {@link ReadGate} also stops it on the bytes it holds.
 *
 * <p>Fairness: one connection never has more than one call on a worker, and what it may hold waiting
 * is bounded in calls (above) and in bytes ({@link ReadGate}: per connection, and for the server,
 * where only connections above a small allowance wait), and the worker pool is bounded. So a client
 * sending garbage loses only its own connection (the decoders close it at the first bad byte, before
 * a worker is involved), and a client of giant or many calls takes at most one worker per connection
 * and a share of the server's in-flight bytes, while the small calls of other clients keep being read
 * and get a worker in their turn. A call is not started while the channel cannot take more
 * output (a client that does not read its replies). When the worker pool and its queue are full, the
 * call is answered at once with {@code TApplicationException(INTERNAL_ERROR, "server busy")} rather
 * than blocking the event loop, which serves thousands of other connections.
 *
 * <p>All state is confined to the channel's event loop; workers hand their replies back to it. A
 * large reply on an unframed connection (a frame's length would be needed before its bytes) is the
 * exception: its worker streams it as it is written, waiting whenever the client has not read what
 * was sent, so that it is never held whole in server memory; the end follows as an ordinary reply.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(ConnectionHandler.class);

    static final int PAUSE_AT = 16;
    static final int RESUME_AT = 4;
    private static final long UNREAD_CHECK_MILLIS = 100;

    private final ConnectionContext context;
    private final ThriftCodec codec;
    private final CallProcessor processor;
    private final Executor workers;
    private final ServerCounters counters;
    private final ReadGate gate;

    private final Queue<ThriftRequest> pending = new ArrayDeque<>();
    /** Signalled on the event loop when the channel's writability changes or it closes. */
    private final Object writability = new Object();

    private ChannelHandlerContext channel;
    private boolean callRunning;
    private boolean draining;
    private boolean closing;

    ConnectionHandler(
            ConnectionContext context,
            ThriftCodec codec,
            CallProcessor processor,
            Executor workers,
            ServerCounters counters,
            ReadGate gate) {
        this.context = requireNonNull(context, "context is null");
        this.codec = requireNonNull(codec, "codec is null");
        this.processor = requireNonNull(processor, "processor is null");
        this.workers = requireNonNull(workers, "workers is null");
        this.counters = requireNonNull(counters, "counters is null");
        this.gate = requireNonNull(gate, "gate is null");
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        if (!(message instanceof ThriftRequest request)) {
            ctx.fireChannelRead(message);
            return;
        }
        pending.add(request);
        gate.callRead(wireBytes(request));
        if (pending.size() >= PAUSE_AT) {
            gate.hold(ReadGate.CALLS_WAITING, true);
        }
        dispatch();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        signalWritability();
        dispatch();
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        // a call still running finishes on its worker; its reply then goes nowhere
        pending.clear();
        signalWritability();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof DecoderException) {
            counters.protocolViolation();
            Throwable reason = cause.getCause() != null && cause.getMessage() == null ? cause.getCause() : cause;
            log.warn("Closing {}: {}", context, reason.getMessage());
        } else if (cause instanceof IOException) {
            log.debug("Closing {}: {}", context, cause.toString());
        } else {
            log.warn("Closing {} after an unexpected error", context, cause);
        }
        pending.clear();
        ctx.close();
    }

    /** No call running or waiting: the idle timeout may close the connection. Event loop only. */
    boolean isIdle() {
        return !callRunning && pending.isEmpty();
    }

    /** For shutdown: read no more calls, answer those already read, then close. Event loop only. */
    void drain() {
        draining = true;
        gate.hold(ReadGate.DRAINING, true);
        dispatch();
    }

    private void dispatch() {
        while (!callRunning && !pending.isEmpty() && channel.channel().isWritable()) {
            start(pending.poll());
        }
        if (draining) {
            if (isIdle()) {
                closeAfterWrites();
            }
        } else if (pending.size() <= RESUME_AT) {
            gate.hold(ReadGate.CALLS_WAITING, false);
        }
    }

    private void start(ThriftRequest request) {
        callRunning = true;
        counters.callStarted();
        try {
            workers.execute(() -> run(request));
        } catch (RejectedExecutionException e) {
            callRunning = false;
            counters.callCompleted();
            counters.busyRejection();
            gate.callAnswered(wireBytes(request));
            log.warn(
                    "Answering {} on {} with \"{}\": every worker is busy and the queue is full",
                    request.message().name,
                    context,
                    ErrorReplies.SERVER_BUSY);
            write(ErrorReplies.internalError(codec, request.message(), ErrorReplies.SERVER_BUSY));
        }
    }

    /** On a worker thread. */
    private void run(ThriftRequest request) {
        Reply reply =
                processor.process(context, codec, request, context.framing() == Framing.UNFRAMED ? this::stream : null);
        counters.callCompleted();
        try {
            channel.executor().execute(() -> completed(request, reply));
        } catch (RejectedExecutionException e) {
            // the event loop has shut down, and the connection with it
            log.debug("Dropping the reply to {} on {}: the event loop has stopped", request.message().name, context);
        }
    }

    /** On a worker thread: a part of a large reply, sent before the rest of it is written. */
    private void stream(byte[] chunk) throws TTransportException {
        Channel socket = channel.channel();
        if (!socket.isActive()) {
            throw new TTransportException(TTransportException.NOT_OPEN, "the connection closed during the reply");
        }
        channel.writeAndFlush(Unpooled.wrappedBuffer(chunk)).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        // Queued writes are ordered before the reply's end, which the event loop writes after them.
        synchronized (writability) {
            while (!socket.isWritable() && socket.isActive()) {
                try {
                    // Signalled when the client has read enough; the timeout only bounds a missed signal.
                    writability.wait(UNREAD_CHECK_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TTransportException(TTransportException.UNKNOWN, "interrupted during the reply");
                }
            }
        }
    }

    private void signalWritability() {
        synchronized (writability) {
            writability.notifyAll();
        }
    }

    private void completed(ThriftRequest request, Reply reply) {
        callRunning = false;
        gate.callAnswered(wireBytes(request));
        if (reply.closesConnection()) {
            pending.clear();
            closeAfterWrites();
            return;
        }
        write(reply);
        dispatch();
    }

    /** The bytes the call took on the wire, as the {@link ReadGate} counted them. */
    private long wireBytes(ThriftRequest request) {
        return request.bytes().length + (context.framing() == Framing.FRAMED ? Integer.BYTES : 0);
    }

    private void write(Reply reply) {
        if (!reply.isEmpty() && channel.channel().isActive()) {
            channel.writeAndFlush(reply.toWire(context.framing())).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        }
    }

    private void closeAfterWrites() {
        if (!closing) {
            closing = true;
            // queued behind the replies, so they are flushed before the close
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }
}

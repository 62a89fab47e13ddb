package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.server.auth.SaslExchange;
import dev.lakegate.hms.server.auth.ThriftAuthentication;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.AttributeKey;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import javax.security.sasl.SaslException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first handler of a connection when SASL is on: the server side of libthrift's
 * TSaslServerTransport negotiation. Each message is a status byte (START, OK, BAD, ERROR, COMPLETE), a
 * 4-byte big-endian length and a payload; the client opens with START naming the mechanism, then sends
 * its responses, and the server answers each with OK and a challenge until it is done, then COMPLETE.
 *
 * <p>Once the client is authenticated its user is set on the channel ({@link #USER}) and a
 * {@link ProtocolDetector} for framed messages takes over: with the {@code auth} quality of protection
 * each Thrift message travels as a SASL frame, a 4-byte length and the message, which is
 * TFramedTransport's framing (HMS clients do not layer TFramedTransport over SASL: HMS 4 refuses that).
 *
 * <p>A client that does not speak SASL, names a mechanism not served or fails to authenticate is
 * answered BAD or ERROR with a generic reason, logged in one line (never a password), and closed.
 * Steps run on the worker pool (an LDAP bind blocks), one at a time; nothing is read meanwhile.
 */
final class SaslNegotiator extends ByteToMessageDecoder {

    /** The authenticated user of a connection, for the handlers installed after the negotiation. */
    static final AttributeKey<String> USER = AttributeKey.valueOf("lakegate.sasl.user");

    private static final Logger log = LoggerFactory.getLogger(SaslNegotiator.class);

    private static final int START = 0x01;
    private static final int OK = 0x02;
    private static final int BAD = 0x03;
    private static final int ERROR = 0x04;
    private static final int COMPLETE = 0x05;
    private static final int HEADER_BYTES = 1 + Integer.BYTES;
    private static final int SHOWN_BYTES = 8;
    private static final int SHOWN_TEXT = 200;
    /** A Kerberos ticket with a large PAC is tens of KiB; nothing in a negotiation comes near this. */
    private static final int MAX_NEGOTIATION_MESSAGE = 1024 * 1024;

    private final ConnectionSetup setup;
    private final ThriftAuthentication authentication;
    private final Executor workers;

    private SaslExchange exchange;
    /** A step runs on a worker: nothing more is read until it is answered. */
    private boolean busy;
    /** Refused: the connection is closing. */
    private boolean finished;

    SaslNegotiator(ConnectionSetup setup, ThriftAuthentication authentication, Executor workers) {
        this.setup = requireNonNull(setup, "setup is null");
        this.authentication = requireNonNull(authentication, "authentication is null");
        this.workers = requireNonNull(workers, "workers is null");
    }

    @Override
    protected void decode(ChannelHandlerContext context, ByteBuf in, List<Object> out) {
        if (busy && !finished && in.readableBytes() > HEADER_BYTES + MAX_NEGOTIATION_MESSAGE) {
            // a client waits for each challenge: bytes piling up meanwhile are a flood, not a negotiation
            refuse(context, exchange.mechanism(), "more than a negotiation message sent while a step ran");
            in.skipBytes(in.readableBytes());
            return;
        }
        if (busy || finished || in.readableBytes() < HEADER_BYTES) {
            if (finished) {
                in.skipBytes(in.readableBytes());
            }
            return;
        }
        int start = in.readerIndex();
        int status = in.getUnsignedByte(start);
        long length = in.getUnsignedInt(start + 1);
        if (exchange == null && status != START && status != BAD && status != ERROR) {
            // no SASL answer: the client would read it as a Thrift reply
            finish(
                    context,
                    null,
                    "not a SASL negotiation (a client without SASL on a SASL port?), first bytes "
                            + ByteBufUtil.hexDump(in, start, Math.min(in.readableBytes(), SHOWN_BYTES)),
                    0,
                    null);
            in.skipBytes(in.readableBytes());
            return;
        }
        if (length > MAX_NEGOTIATION_MESSAGE) {
            refuse(context, null, "a SASL message of " + length + " bytes");
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() < HEADER_BYTES + length) {
            return;
        }
        in.skipBytes(HEADER_BYTES);
        byte[] payload = new byte[(int) length];
        in.readBytes(payload);
        context.pipeline().get(ReadGate.class).callAnswered(HEADER_BYTES + length);
        switch (status) {
            case START -> begin(context, new String(payload, StandardCharsets.UTF_8));
            case OK, COMPLETE -> step(context, payload);
            case BAD, ERROR -> finish(context, null, "the client gave up: " + shown(payload), 0, null);
            default -> refuse(context, null, "a SASL message of status " + status);
        }
    }

    private void begin(ChannelHandlerContext context, String mechanism) {
        if (exchange != null) {
            refuse(context, null, "a second START");
            return;
        }
        try {
            Optional<SaslExchange> started = authentication.start(mechanism);
            if (started.isEmpty()) {
                finish(
                        context,
                        null,
                        "the mechanism " + shown(mechanism.getBytes(StandardCharsets.UTF_8)) + " is not served",
                        BAD,
                        "Unsupported mechanism type " + mechanism);
                return;
            }
            exchange = started.get();
        } catch (SaslException e) {
            refuse(context, null, "cannot start " + mechanism + ": " + e.getMessage());
        }
    }

    private void step(ChannelHandlerContext context, byte[] response) {
        if (exchange == null) {
            refuse(context, null, "a response before START");
            return;
        }
        busy = true;
        SaslExchange current = exchange;
        try {
            workers.execute(() -> {
                byte[] challenge = null;
                String user = null;
                SaslException failure = null;
                try {
                    challenge = current.evaluate(response);
                    user = current.isComplete() ? current.user() : null;
                } catch (SaslException | RuntimeException e) {
                    failure = e instanceof SaslException sasl ? sasl : new SaslException(e.toString(), e);
                }
                byte[] answer = challenge;
                String authenticated = user;
                SaslException refused = failure;
                try {
                    context.executor().execute(() -> stepped(context, answer, authenticated, refused));
                } catch (RejectedExecutionException e) {
                    // the event loop has stopped, and the connection with it
                    current.dispose();
                }
            });
        } catch (RejectedExecutionException e) {
            refuse(context, null, "every worker is busy");
        }
    }

    /** On the event loop, after a step ran on a worker. */
    private void stepped(ChannelHandlerContext context, byte[] challenge, String user, SaslException failure) {
        busy = false;
        if (!context.channel().isActive() || finished) {
            return;
        }
        if (failure != null) {
            Throwable cause = failure.getCause();
            refuse(
                    context,
                    exchange.mechanism(),
                    failure.getMessage()
                            + (cause == null || failure.getMessage().contains(String.valueOf(cause.getMessage()))
                                    ? ""
                                    : " (" + cause.getMessage() + ")"));
            return;
        }
        if (user == null) {
            send(context, OK, challenge);
            // the client may already have sent its next response: read what is held
            channelReadHeld(context);
            return;
        }
        send(context, COMPLETE, challenge);
        exchange.dispose();
        context.channel().attr(USER).set(user);
        log.debug(
                "Connection from {}: authenticated as {} by SASL {}",
                context.channel().remoteAddress(),
                user,
                exchange.mechanism());
        context.pipeline().addAfter(context.name(), "protocol-detector", new ProtocolDetector(setup));
        // last: removing a ByteToMessageDecoder passes the bytes it holds to the detector just added
        context.pipeline().remove(this);
    }

    private void channelReadHeld(ChannelHandlerContext context) {
        try {
            channelRead(context, Unpooled.EMPTY_BUFFER);
        } catch (Exception e) {
            context.fireExceptionCaught(e);
        }
    }

    private void refuse(ChannelHandlerContext context, String mechanism, String reason) {
        finish(context, mechanism, reason, ERROR, "Authentication failed");
    }

    /** Counts, logs, answers {@code status} unless 0, then closes. */
    private void finish(ChannelHandlerContext context, String mechanism, String reason, int status, String answer) {
        finished = true;
        // counted before the answer is sent: a client that has read it sees the count
        setup.counters().protocolViolation();
        if (status != 0) {
            send(context, status, answer);
        }
        log.warn(
                "Refusing the connection from {}{}: {}",
                context.channel().remoteAddress(),
                mechanism == null ? "" : " (SASL " + mechanism + ")",
                reason);
        if (exchange != null) {
            exchange.dispose();
        }
        context.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    /** A client's text for a log line, bounded: it is whatever the client sent. */
    private static String shown(byte[] text) {
        String value = new String(text, 0, Math.min(text.length, SHOWN_TEXT), StandardCharsets.UTF_8);
        return text.length > SHOWN_TEXT ? value + "…" : value;
    }

    private static void send(ChannelHandlerContext context, int status, String message) {
        send(context, status, message.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(ChannelHandlerContext context, int status, byte[] payload) {
        ByteBuf message = context.alloc().buffer(HEADER_BYTES + payload.length);
        message.writeByte(status).writeInt(payload.length).writeBytes(payload);
        context.writeAndFlush(message).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext context) {
        if (exchange != null) {
            exchange.dispose();
        }
    }
}

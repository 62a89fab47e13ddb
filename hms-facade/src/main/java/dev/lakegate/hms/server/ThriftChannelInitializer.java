package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import java.time.Duration;
import java.util.Optional;

/**
 * Sets up each accepted connection: tracked for shutdown, counted, TLS first if configured (so all that
 * follows sees plaintext), its in-flight bytes bounded, idle timeout, unread-reply timeout, SASL negotiation when
 * on, protocol detection.
 */
final class ThriftChannelInitializer extends ChannelInitializer<SocketChannel> {

    private final ConnectionSetup setup;
    private final ChannelGroup channels;
    private final Duration idleTimeout;
    private final Duration replyReadTimeout;
    private final Optional<ThriftTls> tls;

    ThriftChannelInitializer(
            ConnectionSetup setup,
            ChannelGroup channels,
            Duration idleTimeout,
            Duration replyReadTimeout,
            Optional<ThriftTls> tls) {
        this.setup = requireNonNull(setup, "setup is null");
        this.channels = requireNonNull(channels, "channels is null");
        this.idleTimeout = requireNonNull(idleTimeout, "idleTimeout is null");
        this.replyReadTimeout = requireNonNull(replyReadTimeout, "replyReadTimeout is null");
        this.tls = requireNonNull(tls, "tls is null");
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        ServerCounters counters = setup.counters();
        counters.connectionOpened();
        channel.closeFuture().addListener(future -> counters.connectionClosed());
        channels.add(channel);
        if (tls.isPresent()) {
            channel.pipeline().addLast("tls", tls.get().newHandler(channel.alloc()));
            channel.pipeline().addLast("tls-handshake", new TlsHandshakeGuard(counters));
        }
        channel.pipeline().addLast("read-gate", setup.newGate());
        if (!idleTimeout.isZero()) {
            channel.pipeline().addLast("idle-timeout", new IdleTimeoutHandler(idleTimeout, counters));
        }
        channel.pipeline().addLast("unread-reply-timeout", new UnreadReplyTimeout(replyReadTimeout, counters));
        ChannelHandler first = setup.newFirstDecoder();
        channel.pipeline().addLast(first instanceof SaslNegotiator ? "sasl-negotiator" : "protocol-detector", first);
    }
}

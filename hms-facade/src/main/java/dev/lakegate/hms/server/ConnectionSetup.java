package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.server.auth.ProxyUsers;
import dev.lakegate.hms.server.auth.ThriftAuthentication;
import dev.lakegate.hms.server.auth.UserGroups;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/** What every connection shares, and how a connection's handlers are made once its wire is known. */
final class ConnectionSetup {

    private final Map<WireProtocol, ThriftCodec> codecs;
    private final CallProcessor processor;
    private final Executor workers;
    private final ServerCounters counters;
    private final InFlightBytes inFlight;
    private final long connectionInFlightLimit;
    private final Optional<ThriftAuthentication> authentication;
    private final UserGroups userGroups;
    private final AtomicLong connectionIds = new AtomicLong();

    ConnectionSetup(
            Map<WireProtocol, ThriftCodec> codecs,
            CallProcessor processor,
            Executor workers,
            ServerCounters counters,
            InFlightBytes inFlight,
            long connectionInFlightLimit,
            Optional<ThriftAuthentication> authentication,
            UserGroups userGroups) {
        this.codecs = Map.copyOf(requireNonNull(codecs, "codecs is null"));
        this.processor = requireNonNull(processor, "processor is null");
        this.workers = requireNonNull(workers, "workers is null");
        this.counters = requireNonNull(counters, "counters is null");
        this.inFlight = requireNonNull(inFlight, "inFlight is null");
        this.connectionInFlightLimit = connectionInFlightLimit;
        this.authentication = requireNonNull(authentication, "authentication is null");
        this.userGroups = requireNonNull(userGroups, "userGroups is null");
    }

    /** The handler that reads a new connection's first bytes: a SASL negotiation, or a Thrift message. */
    ChannelHandler newFirstDecoder() {
        return authentication
                .<ChannelHandler>map(auth -> new SaslNegotiator(this, auth, workers))
                .orElseGet(() -> new ProtocolDetector(this));
    }

    /** The first handler of a new connection, which counts the bytes it holds. */
    ReadGate newGate() {
        return new ReadGate(inFlight, connectionInFlightLimit);
    }

    ServerCounters counters() {
        return counters;
    }

    ByteToMessageDecoder newDecoder(Framing framing, WireProtocol protocol) {
        ThriftCodec codec = codecs.get(protocol);
        return framing == Framing.FRAMED ? new FramedDecoder(codec) : new UnframedDecoder(codec);
    }

    ConnectionHandler newHandler(Channel channel, Framing framing, WireProtocol protocol) {
        ConnectionContext context = new ConnectionContext(
                connectionIds.incrementAndGet(),
                channel.remoteAddress(),
                framing,
                protocol,
                Optional.ofNullable(channel.attr(SaslNegotiator.USER).get()),
                authentication.map(ThriftAuthentication::proxyUsers).orElseGet(ProxyUsers::none),
                userGroups);
        ReadGate gate = channel.pipeline().get(ReadGate.class);
        return new ConnectionHandler(context, codecs.get(protocol), processor, workers, counters, gate);
    }
}

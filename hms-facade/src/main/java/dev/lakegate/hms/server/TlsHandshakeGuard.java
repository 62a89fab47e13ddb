package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import java.nio.channels.ClosedChannelException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Right behind the {@link io.netty.handler.ssl.SslHandler}: a connection whose handshake fails (a
 * plaintext client, a client that trusts another CA, no handshake within the handler's timeout) is
 * counted and closed with one log line; the failure's exception stops here, so no stack trace reaches
 * the log. After a handshake that succeeds the guard leaves the pipeline.
 */
final class TlsHandshakeGuard extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(TlsHandshakeGuard.class);

    private final ServerCounters counters;

    TlsHandshakeGuard(ServerCounters counters) {
        this.counters = requireNonNull(counters, "counters is null");
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) throws Exception {
        if (event instanceof SslHandshakeCompletionEvent handshake) {
            if (handshake.isSuccess()) {
                context.pipeline().remove(this);
            } else if (handshake.cause() instanceof ClosedChannelException) {
                // connected and left without a handshake: a TCP health check or port probe, not a failure
                log.debug(
                        "Connection from {} closed before its TLS handshake",
                        context.channel().remoteAddress());
            } else {
                counters.tlsHandshakeFailure();
                log.warn(
                        "Closing the connection from {}: TLS handshake failed: {}",
                        context.channel().remoteAddress(),
                        reason(handshake.cause()));
                context.close();
            }
            return;
        }
        super.userEventTriggered(context, event);
    }

    /** Says what failed without the bytes a plaintext client sent (its first call, user name included). */
    private static String reason(Throwable cause) {
        if (cause instanceof NotSslRecordException) {
            return "the client sent no TLS handshake (a plaintext client? HMS clients need metastore.use.SSL)";
        }
        return cause.getMessage() != null ? cause.getMessage() : cause.toString();
    }

    /** Until the handshake succeeds, every exception is the handshake's: its event says what failed. */
    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        context.close();
    }
}

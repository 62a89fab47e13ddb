package dev.lakegate.hms.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a connection that has neither read nor written for the idle timeout, unless a call is
 * running or waiting on it: a slow call is not idleness. Also closes a connection that never sent
 * enough bytes to tell its protocol.
 */
final class IdleTimeoutHandler extends IdleStateHandler {

    private static final Logger log = LoggerFactory.getLogger(IdleTimeoutHandler.class);

    private final ServerCounters counters;

    IdleTimeoutHandler(Duration timeout, ServerCounters counters) {
        super(0, 0, timeout.toMillis(), TimeUnit.MILLISECONDS);
        this.counters = counters;
    }

    @Override
    protected void channelIdle(ChannelHandlerContext context, IdleStateEvent event) {
        ConnectionHandler connection = context.pipeline().get(ConnectionHandler.class);
        if (connection == null || connection.isIdle()) {
            counters.idleClose();
            log.debug("Closing the idle connection from {}", context.channel().remoteAddress());
            context.close();
        }
    }
}

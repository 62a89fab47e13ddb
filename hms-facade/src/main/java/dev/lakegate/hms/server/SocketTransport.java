package dev.lakegate.hms.server;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;

/**
 * The socket layer under the Thrift server: Netty's native epoll where it loads (Linux on x86_64),
 * Java NIO elsewhere. Both serve the same pipeline. Epoll wakes an event loop with an eventfd and
 * spends fewer system calls per call than NIO's selector, which shows in the latency of small calls
 * (measured in benchmarks/README.md).
 */
enum SocketTransport {
    EPOLL,
    NIO;

    static SocketTransport best() {
        return Epoll.isAvailable() ? EPOLL : NIO;
    }

    IoHandlerFactory ioHandlers() {
        return this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    Class<? extends ServerChannel> serverChannel() {
        return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }
}

package dev.lakegate.hms.idl;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import org.apache.thrift.TProcessor;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TProtocolFactory;
import org.apache.thrift.server.TServer;
import org.apache.thrift.server.TThreadPoolServer;
import org.apache.thrift.transport.TServerSocket;
import org.apache.thrift.transport.TTransportException;

/** A libthrift socket server on a free loopback port, unframed, binary protocol unless told. */
final class LoopbackServer implements AutoCloseable {

    private final TServerSocket socket;
    private final TServer server;
    private final Thread thread;

    LoopbackServer(TProcessor processor) throws TTransportException {
        this(processor, new TBinaryProtocol.Factory());
    }

    LoopbackServer(TProcessor processor, TProtocolFactory protocol) throws TTransportException {
        socket = new TServerSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        server = new TThreadPoolServer(new TThreadPoolServer.Args(socket)
                .processor(processor)
                .protocolFactory(protocol)
                .minWorkerThreads(1)
                .maxWorkerThreads(4));
        thread = new Thread(server::serve, "hms-loopback-" + port());
        thread.setDaemon(true);
        thread.start();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (!server.isServing()) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("server did not start");
            }
            Thread.onSpinWait();
        }
    }

    String host() {
        return InetAddress.getLoopbackAddress().getHostAddress();
    }

    int port() {
        return socket.getServerSocket().getLocalPort();
    }

    @Override
    public void close() {
        server.stop();
        try {
            thread.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

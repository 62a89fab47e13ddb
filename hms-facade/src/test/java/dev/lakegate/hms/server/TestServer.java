package dev.lakegate.hms.server;

import dev.lakegate.hms.idl.HmsProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.function.UnaryOperator;

/** A {@link ThriftServer} on a free loopback port with a {@link TestHandler} behind the real processor. */
final class TestServer implements AutoCloseable {

    final TestHandler handler = new TestHandler();
    final ThriftServer server;

    TestServer() {
        this(builder -> builder);
    }

    TestServer(UnaryOperator<ThriftServer.Builder> settings) {
        ThriftServer.Builder builder = ThriftServer.builder(new HmsProcessor(handler.iface()))
                .listen(0)
                .workerThreads(8)
                .shutdownTimeout(Duration.ofSeconds(10));
        try {
            server = settings.apply(builder).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int port() {
        return server.port();
    }

    ThriftServerStats stats() {
        return server.stats();
    }

    @Override
    public void close() {
        handler.release();
        server.close();
    }
}

package dev.lakegate.bench.thrift;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransportException;

/** A server under test: a child JVM that serves the HMS Thrift API on 127.0.0.1. */
public interface Server extends AutoCloseable {

    String HOST = "127.0.0.1";

    /** "HMS" or "Lakegate". */
    String label();

    /** What and which version, for the report. */
    String description();

    int port();

    ChildJvm jvm();

    /** Milliseconds from launching the server JVM(s) to its first answered call. */
    long startMillis();

    @Override
    void close();

    /**
     * One connection as Hive's clients make it: a plain socket, binary protocol, unframed. The socket
     * timeout only guards against a hung server.
     */
    default Connection connect() throws TTransportException {
        return Connection.open(HOST, port(), 120_000);
    }

    /** A Thrift client over its own socket. */
    record Connection(ThriftHiveMetastore.Client client, TSocket socket) implements AutoCloseable {

        static Connection open(String host, int port, int timeoutMillis) throws TTransportException {
            TSocket socket = new TSocket(new TConfiguration(), host, port, timeoutMillis);
            socket.open();
            return new Connection(new ThriftHiveMetastore.Client(new TBinaryProtocol(socket)), socket);
        }

        @Override
        public void close() {
            socket.close();
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        }
    }
}

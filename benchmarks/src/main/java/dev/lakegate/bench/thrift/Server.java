package dev.lakegate.bench.thrift;

import static java.util.Objects.requireNonNull;

import dev.lakegate.realhms.ChildJvm;
import dev.lakegate.realhms.Loopback;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransportException;

/**
 * A server under test: a child JVM that serves the HMS Thrift API on 127.0.0.1.
 *
 * @param label "HMS" or "Lakegate"
 * @param description what and which version, for the report
 * @param startMillis milliseconds from launching the server JVM to its first answered call
 */
public record Server(String label, String description, int port, ChildJvm jvm, long startMillis)
        implements AutoCloseable {

    public static final String HOST = Loopback.HOST;

    public Server {
        requireNonNull(label, "label is null");
        requireNonNull(description, "description is null");
        requireNonNull(jvm, "jvm is null");
    }

    /**
     * One connection as Hive's clients make it: a plain socket, binary protocol, unframed. The socket
     * timeout only guards against a hung server.
     */
    public Connection connect() throws TTransportException {
        return Connection.open(HOST, port, 120_000);
    }

    /** Stops the server's JVM. */
    @Override
    public void close() {
        jvm.close();
    }

    /** A Thrift client over its own socket. */
    public record Connection(ThriftHiveMetastore.Client client, TSocket socket) implements AutoCloseable {

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
}

package dev.lakegate.migration;

import java.net.URI;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;

/**
 * The metastore being migrated from, over one unframed binary connection (HMS's default transport),
 * spoken to with the calls every HMS release since 2.3 answers.
 */
final class LegacySource implements AutoCloseable {

    private final TSocket socket;
    private final Metastore metastore;

    LegacySource(URI uri) throws TException {
        if (!"thrift".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) {
            throw new IllegalArgumentException("expected --legacy thrift://host:port, got " + uri);
        }
        // Large answers (thousands of partitions) in one message; no read of a silent HMS longer than a minute.
        this.socket = new TSocket(
                new TConfiguration(1 << 30, 1 << 30, TConfiguration.DEFAULT_RECURSION_DEPTH),
                uri.getHost(),
                uri.getPort(),
                60_000);
        socket.open();
        this.metastore =
                new Metastore(new ThriftHiveMetastore.Client(new TBinaryProtocol(socket)), "legacy metastore", true);
    }

    Metastore metastore() {
        return metastore;
    }

    @Override
    public void close() {
        socket.close();
    }
}

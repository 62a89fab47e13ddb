package dev.lakegate.bench.thrift;

import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.GetTableResult;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.server.TThreadPoolServer;
import org.apache.thrift.transport.TServerSocket;
import org.apache.thrift.transport.TTransportException;

/**
 * The floor: what the wire alone costs. A plain libthrift server in the benchmark's own JVM (thread
 * per connection, unframed binary, as HMS serves) answering {@code get_table_req} from a map of the
 * tables HMS itself returned, and {@code get_partitions_by_filter} from the partitions a server
 * returned for that filter, so the bytes on the wire are the real ones and no metastore work is done.
 */
public final class FloorServer implements AutoCloseable {

    private final TServerSocket socket;
    private final TThreadPoolServer server;
    private final Thread serving;
    private final Map<String, Table> tables = new ConcurrentHashMap<>();
    private final Map<String, List<Partition>> filtered = new ConcurrentHashMap<>();

    private FloorServer() throws TTransportException {
        socket = new TServerSocket(new InetSocketAddress(Server.HOST, 0));
        ThriftHiveMetastore.Iface answers = (ThriftHiveMetastore.Iface) Proxy.newProxyInstance(
                FloorServer.class.getClassLoader(),
                new Class<?>[] {ThriftHiveMetastore.Iface.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("get_table_req")) {
                        Table table = tables.get(((GetTableRequest) args[0]).getTblName());
                        if (table == null) {
                            throw new MetaException(
                                    "the floor holds no table " + ((GetTableRequest) args[0]).getTblName());
                        }
                        return new GetTableResult(table);
                    }
                    if (method.getName().equals("get_partitions_by_filter")) {
                        List<Partition> partitions = filtered.get((String) args[2]);
                        if (partitions == null) {
                            throw new MetaException("the floor holds no partitions for filter " + args[2]);
                        }
                        return partitions;
                    }
                    throw new MetaException("the floor answers get_table_req and get_partitions_by_filter only, not "
                            + method.getName());
                });
        server = new TThreadPoolServer(new TThreadPoolServer.Args(socket)
                .processor(new ThriftHiveMetastore.Processor<>(answers))
                .protocolFactory(new TBinaryProtocol.Factory())
                .minWorkerThreads(8)
                .maxWorkerThreads(64));
        serving = new Thread(server::serve, "floor-server");
        serving.setDaemon(true);
        serving.start();
    }

    public static FloorServer start() throws TTransportException {
        return new FloorServer();
    }

    /** The table the floor answers for its name. */
    public void hold(Table table) {
        tables.put(table.getTableName(), table.deepCopy());
    }

    /** The partitions the floor answers {@code get_partitions_by_filter} with for this filter. */
    public void hold(String filter, List<Partition> partitions) {
        filtered.put(filter, List.copyOf(partitions));
    }

    public int port() {
        return socket.getServerSocket().getLocalPort();
    }

    public Server.Connection connect() throws TTransportException {
        return Server.Connection.open(Server.HOST, port(), 120_000);
    }

    @Override
    public void close() {
        server.stop();
        socket.close();
    }
}

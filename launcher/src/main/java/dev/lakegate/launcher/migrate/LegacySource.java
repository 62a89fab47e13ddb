package dev.lakegate.launcher.migrate;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TableStatsRequest;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;

/**
 * The metastore being migrated from, read with the Thrift calls every HMS release since 2.3 answers
 * (one unframed binary connection, HMS's default transport).
 */
final class LegacySource implements AutoCloseable {

    private final TSocket socket;
    private final ThriftHiveMetastore.Client client;
    private final String uri;

    LegacySource(URI uri) throws TException {
        if (!"thrift".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) {
            throw new IllegalArgumentException("expected --legacy thrift://host:port, got " + uri);
        }
        this.uri = uri.toString();
        this.socket = new TSocket(new org.apache.thrift.TConfiguration(1 << 30, 1 << 30,
                org.apache.thrift.TConfiguration.DEFAULT_RECURSION_DEPTH), uri.getHost(), uri.getPort(), 60_000);
        socket.open();
        this.client = new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));
    }

    String uri() {
        return uri;
    }

    List<String> databases(String pattern) throws TException {
        return client.get_databases(pattern);
    }

    Database database(String name) throws TException {
        return client.get_database(name);
    }

    List<String> tables(String database) throws TException {
        return client.get_all_tables(database);
    }

    Table table(String database, String table) throws TException {
        return client.get_table_req(new GetTableRequest(database, table)).getTable();
    }

    List<String> partitionNames(String database, String table) throws TException {
        return client.get_partition_names(database, table, (short) -1);
    }

    List<Partition> partitions(String database, String table, List<String> names) throws TException {
        return client.get_partitions_by_names(database, table, names);
    }

    /** The table's column statistics, or null when it has none. */
    ColumnStatistics tableStatistics(Table table) throws TException {
        List<String> columns = new ArrayList<>();
        for (FieldSchema column : table.getSd().getCols()) {
            columns.add(column.getName());
        }
        if (columns.isEmpty()) {
            return null;
        }
        List<ColumnStatisticsObj> objects = client.get_table_statistics_req(
                new TableStatsRequest(table.getDbName(), table.getTableName(), columns)).getTableStats();
        if (objects == null || objects.isEmpty()) {
            return null;
        }
        org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc desc =
                new org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc(true, table.getDbName(),
                        table.getTableName());
        ColumnStatistics statistics = new ColumnStatistics(desc, objects);
        statistics.setEngine("hive");
        return statistics;
    }

    List<Function> functions(String database) throws TException {
        List<Function> functions = new ArrayList<>();
        for (String name : client.get_functions(database, "*")) {
            functions.add(client.get_function(database, name));
        }
        return functions;
    }

    @Override
    public void close() {
        socket.close();
    }
}

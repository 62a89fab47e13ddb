package dev.lakegate.conformance.client;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf.ConfVars;

/** Hive 3.1: the standalone metastore client reads {@link MetastoreConf}. */
final class HiveClientFactory implements ClientFactory {

    @Override
    public IMetaStoreClient open(URI uri, Map<String, String> settings) throws Exception {
        Configuration conf = MetastoreConf.newMetastoreConf();
        MetastoreConf.setVar(conf, ConfVars.THRIFT_URIS, uri.toString());
        MetastoreConf.setLongVar(conf, ConfVars.THRIFT_CONNECTION_RETRIES, 1);
        MetastoreConf.setLongVar(conf, ConfVars.THRIFT_FAILURE_RETRIES, 0);
        MetastoreConf.setTimeVar(conf, ConfVars.CLIENT_CONNECT_RETRY_DELAY, 0, TimeUnit.SECONDS);
        MetastoreConf.setTimeVar(conf, ConfVars.CLIENT_SOCKET_TIMEOUT, SOCKET_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        settings.forEach(conf::set);
        return new HiveMetaStoreClient(conf);
    }
}

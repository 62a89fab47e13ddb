package dev.lakegate.conformance.client;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;

/** Hive 2.3: the client reads {@link HiveConf}. */
final class HiveClientFactory implements ClientFactory {

    @Override
    public IMetaStoreClient open(URI uri, Map<String, String> settings) throws Exception {
        HiveConf conf = new HiveConf();
        conf.setVar(HiveConf.ConfVars.METASTOREURIS, uri.toString());
        conf.setIntVar(HiveConf.ConfVars.METASTORETHRIFTCONNECTIONRETRIES, 1);
        conf.setIntVar(HiveConf.ConfVars.METASTORETHRIFTFAILURERETRIES, 0);
        conf.setTimeVar(HiveConf.ConfVars.METASTORE_CLIENT_CONNECT_RETRY_DELAY, 0, TimeUnit.SECONDS);
        conf.setTimeVar(HiveConf.ConfVars.METASTORE_CLIENT_SOCKET_TIMEOUT, SOCKET_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        settings.forEach(conf::set);
        return new HiveMetaStoreClient(conf);
    }
}

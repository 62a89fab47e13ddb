package dev.lakegate.enginetests.trino;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.thrift.TException;

/**
 * A plain Hive metastore client (HMS 3.1.3's) in the test JVM, on SASL GSSAPI as the realm's engine user, whom
 * {@link EngineRealm#startThenLogin} logged in: it reads what the metastore records that Trino does not show, the
 * owners of a database and a table.
 */
final class SecureMetastoreClient {

    private SecureMetastoreClient() {}

    /** The owner the metastore records for database {@code db}. */
    static String databaseOwner(EngineMetastore metastore, String db) {
        return call(metastore, client -> client.getDatabase(db).getOwnerName());
    }

    /** The owner the metastore records for table {@code db.table}. */
    static String tableOwner(EngineMetastore metastore, String db, String table) {
        return call(metastore, client -> client.getTable(db, table).getOwner());
    }

    private interface Call {
        String on(IMetaStoreClient client) throws TException;
    }

    private static String call(EngineMetastore metastore, Call call) {
        Configuration conf = new Configuration();
        for (Map.Entry<String, String> setting :
                EngineRealm.metastoreClientSettings(metastore.port()).entrySet()) {
            conf.set(setting.getKey(), setting.getValue());
        }
        try {
            IMetaStoreClient client = new HiveMetaStoreClient(conf);
            try {
                return call.on(client);
            } finally {
                client.close();
            }
        } catch (TException e) {
            throw new IllegalStateException("the metastore client's call failed: " + e, e);
        }
    }
}

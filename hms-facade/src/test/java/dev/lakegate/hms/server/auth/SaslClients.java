package dev.lakegate.hms.server.auth;

import java.util.Map;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.SaslException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSaslClientTransport;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;

/** Clients of a SASL port: Hive's own HiveMetaStoreClient, and libthrift's SASL transport by hand. */
final class SaslClients {

    static final int TIMEOUT_MILLIS = 60_000;

    private SaslClients() {}

    /** Hive's client configured as HMS 4's documentation says for PLAIN: user in conf, password by alias. */
    static HiveMetaStoreClient hivePlain(int port, String user, String password) throws MetaException {
        Configuration conf = hiveConf(port);
        conf.set("metastore.client.auth.mode", "PLAIN");
        conf.set("metastore.client.plain.username", user);
        // Configuration.getPassword(user): a credential provider first, else the property named as the user
        conf.set(user, password);
        return new HiveMetaStoreClient(conf);
    }

    static Configuration hiveConf(int port) {
        Configuration conf = MetastoreConf.newMetastoreConf();
        MetastoreConf.setVar(conf, MetastoreConf.ConfVars.THRIFT_URIS, "thrift://127.0.0.1:" + port);
        MetastoreConf.setLongVar(conf, MetastoreConf.ConfVars.THRIFT_CONNECTION_RETRIES, 1);
        conf.set("metastore.client.connect.retry.delay", "0s");
        conf.set("metastore.client.socket.timeout", TIMEOUT_MILLIS + "ms");
        return conf;
    }

    /** libthrift's SASL PLAIN client transport over a socket, opened: as MetaStorePlainSaslHelper makes it. */
    static ThriftHiveMetastore.Client plain(int port, String authorizationId, String user, String password)
            throws TException, SaslException {
        return withPassword("PLAIN", port, authorizationId, user, password);
    }

    /** A client of a mechanism that takes a user and a password (PLAIN, CRAM-MD5, DIGEST-MD5). */
    static ThriftHiveMetastore.Client withPassword(
            String mechanism, int port, String authorizationId, String user, String password)
            throws TException, SaslException {
        TSocket socket = new TSocket("127.0.0.1", port, TIMEOUT_MILLIS);
        TTransport transport = new TSaslClientTransport(
                mechanism,
                authorizationId,
                "hive",
                "localhost",
                Map.of(),
                callbacks -> answer(callbacks, user, password),
                socket);
        transport.open();
        return new ThriftHiveMetastore.Client(new TBinaryProtocol(transport));
    }

    private static void answer(Callback[] callbacks, String user, String password) throws UnsupportedCallbackException {
        for (Callback callback : callbacks) {
            if (callback instanceof NameCallback name) {
                name.setName(user);
            } else if (callback instanceof PasswordCallback secret) {
                secret.setPassword(password.toCharArray());
            } else {
                throw new UnsupportedCallbackException(callback);
            }
        }
    }

    static Database database(String name) {
        Database database = new Database();
        database.setName(name);
        return database;
    }
}

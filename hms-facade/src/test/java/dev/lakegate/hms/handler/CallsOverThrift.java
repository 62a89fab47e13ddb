package dev.lakegate.hms.handler;

import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A test of areas through a raw Thrift client (binary, unframed, as Hive's clients default to) of a gateway
 * over a real catalog: a gateway of its own for each test, and a client opened before the subclass's own
 * set-up runs.
 */
abstract class CallsOverThrift {

    @RegisterExtension
    final FacadeGateway gateway = FacadeGateway.create();

    protected ThriftHiveMetastore.Client client;

    @BeforeEach
    void openClient() throws Exception {
        client = gateway.client();
    }
}

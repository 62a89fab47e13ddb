package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Real libthrift 0.25 clients on every wire ({unframed, framed} × {binary, compact}) against one server:
 * as Drift's TestClientsWithDriftNettyServer, every client kind must see the same answers.
 */
@ExtendWith(LeakCheck.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TransportMatrixTest {

    private TestServer server;

    @BeforeAll
    void start() {
        server = new TestServer();
    }

    @AfterAll
    void stop() {
        server.close();
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void callsRoundTrip(Wire wire) throws TException {
        ThriftHiveMetastore.Client client = wire.client(server.port());
        try {
            assertThat(client.get_database("sales").getName()).isEqualTo("sales");
            assertThat(client.get_database("sales").getParameters()).containsEntry("k", "v");
            assertThat(client.get_table_req(new GetTableRequest("sales", "orders"))
                            .getTable()
                            .getTableName())
                    .isEqualTo("orders");
            assertThat(new LegacyClient(client.getInputProtocol())
                            .getTable("sales", "items")
                            .getParameters())
                    .containsEntry("table_type", "ICEBERG");
        } finally {
            client.getInputProtocol().getTransport().close();
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void declaredExceptionsArriveTyped(Wire wire) throws TException {
        ThriftHiveMetastore.Client client = wire.client(server.port());
        try {
            assertThatThrownBy(() -> client.get_database("missing"))
                    .isInstanceOf(NoSuchObjectException.class)
                    .hasMessage("database missing does not exist");
            assertThat(client.get_database("after").getName()).isEqualTo("after");
        } finally {
            client.getInputProtocol().getTransport().close();
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void unknownAndUnservedMethodsAreUnknownMethod(Wire wire) throws TException {
        ThriftHiveMetastore.Client client = wire.client(server.port());
        try {
            // the handler does not serve it
            assertThatThrownBy(client::get_all_databases)
                    .isInstanceOfSatisfying(
                            TApplicationException.class,
                            e -> assertThat(e.getType()).isEqualTo(TApplicationException.UNKNOWN_METHOD));
            // the processor does not know it
            TProtocol protocol = client.getOutputProtocol();
            protocol.writeMessageBegin(new TMessage("no_such_method", TMessageType.CALL, 77));
            new ThriftHiveMetastore.get_all_databases_args().write(protocol);
            protocol.writeMessageEnd();
            protocol.getTransport().flush();
            TMessage reply = protocol.readMessageBegin();
            TApplicationException error = TApplicationException.readFrom(protocol);
            protocol.readMessageEnd();
            assertThat(reply.type).isEqualTo(TMessageType.EXCEPTION);
            assertThat(reply.seqid).isEqualTo(77);
            assertThat(error.getType()).isEqualTo(TApplicationException.UNKNOWN_METHOD);
            assertThat(error.getMessage()).contains("no_such_method");

            assertThat(client.get_database("after").getName()).isEqualTo("after");
        } finally {
            client.getInputProtocol().getTransport().close();
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void undeclaredFailuresAreInternalErrorsAndTheConnectionGoesOn(Wire wire) throws TException {
        ThriftHiveMetastore.Client client = wire.client(server.port());
        try {
            // thrown by the handler: libthrift's processor answers
            assertInternalError(() -> client.get_database("boom"), "Internal error processing get_database");
            // rethrown by libthrift's processor: the server answers
            assertInternalError(
                    () -> client.get_database("transport"),
                    "Internal error processing get_database: TTransportException: handler lost its backend");
            // a result that fails to serialize after the handler returned
            assertInternalError(
                    () -> client.get_table_req(new GetTableRequest("invalid", "t")),
                    "Internal error processing get_table_req: TProtocolException: Required field 'table' is unset!"
                            + " Struct:GetTableResult(table:null)");

            assertThat(client.get_database("after").getName()).isEqualTo("after");
        } finally {
            client.getInputProtocol().getTransport().close();
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void handlersSeeTheirConnection(Wire wire) throws TException {
        ThriftHiveMetastore.Client client = wire.client(server.port());
        try {
            assertThat(client.getStatusDetails()).isEqualTo("user=- " + wire.framing + " " + wire.protocol);
            assertThat(client.set_ugi("alice", List.of("analysts"))).containsExactly("analysts");
            assertThat(client.getStatusDetails()).isEqualTo("user=alice " + wire.framing + " " + wire.protocol);
        } finally {
            client.getInputProtocol().getTransport().close();
        }
        // a new connection starts without a user
        ThriftHiveMetastore.Client other = wire.client(server.port());
        try {
            assertThat(other.getStatusDetails()).startsWith("user=- ");
        } finally {
            other.getInputProtocol().getTransport().close();
        }
    }

    private static void assertInternalError(
            org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String message) {
        assertThatThrownBy(call).isInstanceOfSatisfying(TApplicationException.class, e -> {
            assertThat(e.getType()).isEqualTo(TApplicationException.INTERNAL_ERROR);
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }
}

package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.transport.TTransportException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Replies larger than what is held before streaming: whole and in order on every transport, and a
 * failure after part of a reply was sent closes that connection (and no other).
 */
class StreamedReplyTest {

    /** About 12 MB of names: many times {@link ReplyBuffer#STREAM_AFTER}. */
    private static final int MANY = 200_000;

    private final TestServer server = new TestServer();

    @AfterEach
    void close() {
        server.close();
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void aLargeReplyArrivesWholeAndTheConnectionServesTheNextCall(Wire wire) throws Exception {
        ThriftHiveMetastore.Client client = wire.client(server.port());

        List<String> names = client.get_partition_names("db", Integer.toString(MANY), (short) -1);

        assertThat(names).hasSize(MANY);
        for (int i = 0; i < MANY; i += 9_973) {
            assertThat(names.get(i)).isEqualTo(TestHandler.name(i));
        }
        assertThat(names.get(MANY - 1)).isEqualTo(TestHandler.name(MANY - 1));
        assertThat(client.get_database("after").getName()).isEqualTo("after");
    }

    @Test
    void aFailureAfterPartOfTheReplyWasSentClosesTheConnection() throws Exception {
        ThriftHiveMetastore.Client client = Wire.UNFRAMED_BINARY.client(server.port());
        ThriftHiveMetastore.Client other = Wire.UNFRAMED_BINARY.client(server.port());

        assertThatThrownBy(() -> client.get_partition_names("db", MANY + ":" + (MANY - 10), (short) -1))
                .isInstanceOf(TTransportException.class);

        assertThat(other.get_database("still").getName()).isEqualTo("still");
        assertThat(Wire.UNFRAMED_BINARY
                        .client(server.port())
                        .get_database("new")
                        .getName())
                .isEqualTo("new");
    }

    @ParameterizedTest
    @EnumSource(
            value = Wire.class,
            names = {"FRAMED_BINARY", "UNFRAMED_BINARY"})
    void aFailureBeforeAnyOfTheReplyWasSentIsAnErrorReply(Wire wire) throws Exception {
        ThriftHiveMetastore.Client client = wire.client(server.port());

        // Framed replies are held whole (their length comes first), so there it fails as a small one does.
        String spec = wire.framing == Framing.FRAMED ? MANY + ":" + (MANY - 10) : "1000:900";
        assertThatThrownBy(() -> client.get_partition_names("db", spec, (short) -1))
                .isInstanceOfSatisfying(
                        TApplicationException.class,
                        e -> assertThat(e.getType()).isEqualTo(TApplicationException.INTERNAL_ERROR))
                .hasMessageContaining("the names failed at");
        assertThat(client.get_database("after").getName()).isEqualTo("after");
    }
}

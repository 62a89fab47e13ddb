package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.util.Arrays;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;

/** Reading replies off a raw socket, for tests that write their own bytes. */
final class RawCalls {

    private RawCalls() {}

    /**
     * The protocol to read a socket's replies with: one per socket, since the transport buffers
     * what it reads ahead, which a second transport over the same socket would never see.
     */
    static TProtocol replies(Wire wire, Socket socket) throws TException {
        return wire.protocol(wire.over(socket));
    }

    /** Reads a get_database reply: its sequence id must be {@code seqid}. */
    static Database readDatabase(TProtocol protocol, int seqid) throws TException {
        TMessage reply = protocol.readMessageBegin();
        if (reply.type == TMessageType.EXCEPTION) {
            throw TApplicationException.readFrom(protocol);
        }
        assertThat(reply.seqid).isEqualTo(seqid);
        ThriftHiveMetastore.get_database_result result = new ThriftHiveMetastore.get_database_result();
        result.read(protocol);
        protocol.readMessageEnd();
        return result.getSuccess();
    }

    static void assertApplicationError(TProtocol protocol, int seqid, int type) throws TException {
        TMessage reply = protocol.readMessageBegin();
        TApplicationException error = TApplicationException.readFrom(protocol);
        protocol.readMessageEnd();
        assertThat(reply.type).isEqualTo(TMessageType.EXCEPTION);
        assertThat(reply.seqid).isEqualTo(seqid);
        assertThat(error.getType()).as(error.getMessage()).isEqualTo(type);
    }

    /** The server closed its end: the read sees the end of the stream, or a reset. */
    static void assertClosedByServer(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        try {
            byte[] buffer = new byte[1024];
            int read = in.read(buffer);
            assertThat(read)
                    .as(
                            "bytes from a server that should have closed: %s",
                            Arrays.toString(Arrays.copyOf(buffer, Math.max(read, 0))))
                    .isEqualTo(-1);
        } catch (SocketException e) {
            assertThat(e.getMessage()).containsIgnoringCase("reset");
        }
    }
}

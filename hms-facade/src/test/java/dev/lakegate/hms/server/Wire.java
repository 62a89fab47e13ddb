package dev.lakegate.hms.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.TMemoryBuffer;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.layered.TFramedTransport;

/** The four wires a client may choose, and real libthrift clients and hand-made messages for each. */
enum Wire {
    UNFRAMED_BINARY(Framing.UNFRAMED, WireProtocol.BINARY),
    UNFRAMED_COMPACT(Framing.UNFRAMED, WireProtocol.COMPACT),
    FRAMED_BINARY(Framing.FRAMED, WireProtocol.BINARY),
    FRAMED_COMPACT(Framing.FRAMED, WireProtocol.COMPACT);

    static final int SOCKET_TIMEOUT_MILLIS = 20_000;

    final Framing framing;
    final WireProtocol protocol;

    Wire(Framing framing, WireProtocol protocol) {
        this.framing = framing;
        this.protocol = protocol;
    }

    /** A transport to the server, opened, as an HMS client builds it. */
    TTransport open(int port) throws TException {
        TTransport socket = new TSocket(InetAddress.getLoopbackAddress().getHostAddress(), port, SOCKET_TIMEOUT_MILLIS);
        TTransport transport = framing == Framing.FRAMED ? new TFramedTransport(socket) : socket;
        transport.open();
        return transport;
    }

    /** The transport over an already connected socket, for raw tests that also read replies. */
    TTransport over(Socket socket) throws TException {
        TTransport transport = new TSocket(socket);
        return framing == Framing.FRAMED ? new TFramedTransport(transport) : transport;
    }

    TProtocol protocol(TTransport transport) {
        return protocol == WireProtocol.BINARY ? new TBinaryProtocol(transport) : new TCompactProtocol(transport);
    }

    ThriftHiveMetastore.Client client(int port) throws TException {
        return new ThriftHiveMetastore.Client(protocol(open(port)));
    }

    /** One call as the bytes a client sends: header, arguments, and the frame length if framed. */
    byte[] call(String method, int seqid, TBase<?, ?> args) throws TException {
        return call(new TMessage(method, TMessageType.CALL, seqid), args);
    }

    byte[] call(TMessage message, TBase<?, ?> args) throws TException {
        TMemoryBuffer buffer = new TMemoryBuffer(256);
        TProtocol out = protocol(buffer);
        out.writeMessageBegin(message);
        args.write(out);
        out.writeMessageEnd();
        return frame(buffer.getArray(), buffer.length());
    }

    byte[] frame(byte[] message, int length) {
        if (framing == Framing.UNFRAMED) {
            return Arrays.copyOf(message, length);
        }
        return ByteBuffer.allocate(4 + length)
                .putInt(length)
                .put(message, 0, length)
                .array();
    }

    static Socket connect(int port) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
        return socket;
    }

    static List<Wire> all() {
        return new ArrayList<>(List.of(values()));
    }
}

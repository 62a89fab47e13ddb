package dev.lakegate.realhms;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The readiness question ("does this target serve yet?") for a port that takes SASL clients only, an HMS with
 * {@code hive.metastore.sasl.enabled} or a gateway with {@code --thrift-auth}, where {@link ThriftProbe}'s plain
 * call is refused. It opens libthrift's SASL negotiation (a status byte, a 4-byte length, a payload) with a START
 * that names a mechanism no server offers: libthrift's TSaslServerTransport, and Lakegate's door alike, answer
 * BAD, "Unsupported mechanism type ...", and close. No ticket or password is needed for that answer.
 */
public final class SaslProbe {

    static final String MECHANISM = "LAKEGATE-PROBE";
    private static final int START = 0x01;
    private static final int BAD = 0x03;
    private static final int ERROR = 0x04;
    private static final int MAX_REASON = 64 * 1024;

    private SaslProbe() {}

    /** The reason the server gives for refusing the probe's mechanism; throws if it gave none. */
    public static String refusedMechanism(String host, int port, int timeoutMillis) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            byte[] mechanism = MECHANISM.getBytes(StandardCharsets.US_ASCII);
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            out.writeByte(START);
            out.writeInt(mechanism.length);
            out.write(mechanism);
            out.flush();

            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            int status = in.readUnsignedByte();
            int length = in.readInt();
            if ((status != BAD && status != ERROR) || length < 0 || length > MAX_REASON) {
                throw new IOException("not a SASL refusal: status " + status + ", length " + length);
            }
            return new String(in.readNBytes(length), StandardCharsets.UTF_8);
        }
    }
}

package dev.lakegate.realhms;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Where every child listens and is called: this machine's loopback address, at a port picked free. */
public final class Loopback {

    public static final String HOST = "127.0.0.1";

    private Loopback() {}

    /**
     * A port free on {@link #HOST} a moment ago. Another process may take it before the child binds it, so
     * a caller that passes it on retries on "Address already in use".
     */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        }
    }
}

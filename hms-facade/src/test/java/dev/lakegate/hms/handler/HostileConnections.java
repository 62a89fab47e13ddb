package dev.lakegate.hms.handler;

import java.net.Socket;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The connections one hostile client abandoned mid-call, each closed after its time (or when more
 * than {@value #MAX_PARKED} are open, the oldest at once), so the client goes on sending meanwhile.
 */
final class HostileConnections {

    static final int MAX_PARKED = 50;

    private final ScheduledExecutorService closer;
    private final Deque<Socket> parked = new ArrayDeque<>();

    HostileConnections(ScheduledExecutorService closer) {
        this.closer = closer;
    }

    void park(Socket socket, int millis) {
        parked.removeIf(Socket::isClosed);
        if (parked.size() >= MAX_PARKED) {
            HostileInputTest.quietlyClose(parked.removeFirst());
        }
        parked.addLast(socket);
        closer.schedule(() -> HostileInputTest.quietlyClose(socket), millis, TimeUnit.MILLISECONDS);
    }

    void closeAll() {
        parked.forEach(HostileInputTest::quietlyClose);
        parked.clear();
    }
}

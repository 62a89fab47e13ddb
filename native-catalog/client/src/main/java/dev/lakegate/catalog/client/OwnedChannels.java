package dev.lakegate.catalog.client;

import io.grpc.ManagedChannel;
import java.util.concurrent.TimeUnit;

/** Closing a channel a client owns. */
final class OwnedChannels {

    private OwnedChannels() {}

    /** Waits briefly for calls in flight, then cuts them. */
    static void close(ManagedChannel owned) {
        owned.shutdown();
        try {
            if (!owned.awaitTermination(5, TimeUnit.SECONDS)) {
                owned.shutdownNow();
            }
        } catch (InterruptedException e) {
            owned.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}

package dev.lakegate.conformance.lakegate;

/** Closing what a test started, in order, whether or not a part has stopped already. */
final class Quietly {

    private Quietly() {}

    static void close(AutoCloseable... parts) {
        for (AutoCloseable part : parts) {
            try {
                part.close();
            } catch (Exception e) {
                // already stopped: nothing left to close
            }
        }
    }
}

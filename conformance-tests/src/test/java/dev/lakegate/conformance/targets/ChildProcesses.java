package dev.lakegate.conformance.targets;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Ending a target's child JVM: asked first (its shutdown hook runs), forced after a grace period. */
final class ChildProcesses {

    private ChildProcesses() {}

    static void stop(Process process, Duration grace) {
        if (!process.isAlive()) {
            return;
        }
        process.destroy(); // SIGTERM to this process id: the child's shutdown hook closes it
        try {
            if (!process.waitFor(grace.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(grace.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}

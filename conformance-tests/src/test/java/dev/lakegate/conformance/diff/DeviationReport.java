package dev.lakegate.conformance.diff;

import dev.lakegate.conformance.targets.Targets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where each use of a {@link Deviation} is written: one line per explained difference, to standard
 * output and to {@code target/hms-logs/deviations.txt}, so that a run says what it let through.
 */
public final class DeviationReport {

    private DeviationReport() {}

    public static Path file() {
        return Targets.logsDir().resolve("deviations.txt");
    }

    private static boolean muted;

    /** The scenario running now (set by the report listener), and the deviations each scenario used. */
    private static volatile String currentTest;

    private static final java.util.Map<String, java.util.Set<String>> USED =
            new java.util.concurrent.ConcurrentHashMap<>();

    public static void currentTest(String testId) {
        currentTest = testId;
    }

    /** The names of the deviations that explained a difference in that scenario. */
    public static java.util.Set<String> usedBy(String testId) {
        return USED.getOrDefault(testId, java.util.Set.of());
    }

    /** For the harness's own tests of made-up differences. */
    static synchronized void mute(boolean mute) {
        muted = mute;
    }

    public static synchronized void record(String call, Deviation deviation, Difference difference) {
        if (muted) {
            return;
        }
        String test = currentTest;
        if (test != null) {
            USED.computeIfAbsent(test, t -> new java.util.concurrent.ConcurrentSkipListSet<>())
                    .add(deviation.name());
        }
        String line = "[deviation] " + deviation.name() + " in " + call + " (client " + Targets.clientVersion() + "): "
                + difference + " — " + deviation.reason();
        System.out.println(line);
        try {
            Files.createDirectories(file().getParent());
            Files.writeString(
                    file(),
                    line + System.lineSeparator(),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package dev.lakegate.conformance.diff;

import dev.lakegate.conformance.target.Targets;
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

    private DeviationReport() {
    }

    public static Path file() {
        return Targets.logsDir().resolve("deviations.txt");
    }

    private static boolean muted;

    /** For the harness's own tests of made-up differences. */
    static synchronized void mute(boolean mute) {
        muted = mute;
    }

    public static synchronized void record(String call, Deviation deviation, Difference difference) {
        if (muted) {
            return;
        }
        String line = "[deviation] " + deviation.name() + " in " + call + " (client " + Targets.clientVersion()
                + "): " + difference + " — " + deviation.reason();
        System.out.println(line);
        try {
            Files.createDirectories(file().getParent());
            Files.writeString(file(), line + System.lineSeparator(), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

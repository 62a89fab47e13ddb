package dev.lakegate.realhms;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An engine suite's steps as they ran against one metastore: each one timed, a failed one reported with what the
 * metastore logged meanwhile (the call and its error are usually there), and all of them written at the end as a
 * Markdown table in the engine logs folder, beside the metastore's log. The suites run their steps one at a time.
 */
public final class EngineSteps {

    /** A step's work. */
    @FunctionalInterface
    public interface Work {
        void run() throws Exception;
    }

    private static final int MAX_CELL = 600;

    private final EngineMetastore metastore;
    private final List<String> rows = new ArrayList<>();

    public EngineSteps(EngineMetastore metastore) {
        this.metastore = requireNonNull(metastore, "metastore is null");
    }

    /**
     * A new folder for one run of {@code suite} in the module's work folder (system property
     * {@code lakegate.engine.work.dir}, under target/): kept after the run, since its files tell what happened.
     */
    public static Path workDir(Class<?> suite) throws IOException {
        return Files.createTempDirectory(
                Files.createDirectories(Path.of(System.getProperty("lakegate.engine.work.dir"))),
                suite.getSimpleName() + "-");
    }

    /** Runs one step; a failure becomes an AssertionError naming the step and the metastore, with its log. */
    public void run(String step, Work work) throws IOException {
        long logStart = metastore.logSize();
        long t0 = System.nanoTime();
        try {
            work.run();
            rows.add(String.format("| %s | pass | %d ms | |", step, millisSince(t0)));
        } catch (Exception | AssertionError e) {
            String why = e.getMessage() != null ? e.getMessage() : e.toString();
            rows.add(String.format("| %s | FAIL | %d ms | %s |", step, millisSince(t0), oneLine(why)));
            throw new AssertionError(
                    step + " failed on " + metastore.name() + ": " + why + "\n" + metastore.name()
                            + " logged meanwhile:\n" + metastore.problemsLoggedSince(logStart),
                    e);
        }
    }

    /**
     * Writes {@code title}, {@code started}, the table of the steps run so far (first column headed
     * {@code stepColumn}) and then {@code more} lines to {@code fileName} in the engine logs folder.
     */
    public void write(String fileName, String title, String started, String stepColumn, List<String> more)
            throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("# " + title);
        lines.add("");
        lines.add(started + " Metastore log: " + metastore.logFile());
        lines.add("");
        lines.add("| " + stepColumn + " | outcome | time | error |");
        lines.add("| --- | --- | --- | --- |");
        lines.addAll(rows);
        lines.addAll(more);
        Files.write(EngineMetastore.logsDir().resolve(fileName), lines, StandardCharsets.UTF_8);
    }

    /** The metastore's name as a part of a file name. */
    public static String fileName(String metastoreName) {
        return metastoreName.replaceAll("[^A-Za-z0-9.]+", "-");
    }

    /** A message as one cell of a Markdown table: on one line, its pipes escaped, at most 600 characters. */
    public static String oneLine(String message) {
        String s = String.valueOf(message).replaceAll("\\s+", " ").replace("|", "\\|");
        return s.length() > MAX_CELL ? s.substring(0, MAX_CELL) + " ..." : s;
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }
}

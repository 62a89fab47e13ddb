package dev.lakegate.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a benchmark's Markdown report goes: stdout, and the out file. */
public final class ReportFile {

    private ReportFile() {}

    /** Prints {@code markdown}, writes it to {@code out} (making its folder), and says so on {@code progress}. */
    public static void publish(String markdown, Path out, PrintStream progress) throws IOException {
        System.out.println(markdown);
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(out, markdown, StandardCharsets.UTF_8);
        progress.println("report written to " + out);
    }
}

package dev.lakegate.enginetests.hive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/** What a metastore wrote to its log from an offset on that says a call went wrong. */
final class MetastoreLog {

    private static final int MAX_LINES = 40;

    private MetastoreLog() {}

    static String problemsSince(Path logFile, long offset) throws IOException {
        if (!Files.exists(logFile)) {
            return "(no log at " + logFile + ")";
        }
        byte[] log = Files.readAllBytes(logFile);
        int from = (int) Math.min(offset, log.length);
        String text = new String(log, from, log.length - from, StandardCharsets.UTF_8);
        String problems = text.lines()
                .filter(l -> l.contains("WARN") || l.contains("ERROR") || l.contains("Exception"))
                .limit(MAX_LINES)
                .collect(Collectors.joining("\n"));
        return problems.isEmpty() ? "(nothing at WARN or above)" : problems;
    }
}

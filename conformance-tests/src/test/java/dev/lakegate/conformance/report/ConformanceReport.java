package dev.lakegate.conformance.report;

import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.DeviationReport;
import dev.lakegate.conformance.targets.Targets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * The conformance report: every scenario's outcome on each target with this run's client, written by the
 * test JVM when it ends to {@code target/conformance-results/<client>-<target>.tsv}, and the report of every
 * client run found there, {@code target/conformance-report.md}: a per-area × per-client table of scenarios
 * passed, failed and skipped on each target, the deviations used, every failure on Lakegate with its cause,
 * every skip with its reason, and the start times of the targets.
 *
 * <p>Registered as a JUnit Platform listener ({@code META-INF/services}). A scenario is a test of a binding
 * class {@code <Area>On<Target>Test}; the harness's own tests are counted apart.
 */
public final class ConformanceReport implements TestExecutionListener {

    private static final Pattern BINDING = Pattern.compile("(\\w+)On(RealHms|Lakegate)Test");
    private static final Pattern UNKNOWN_METHOD =
            Pattern.compile("(?:Invalid method name:?|UNKNOWN_METHOD) '?([A-Za-z_0-9]+)'?");

    /** One scenario's outcome on one target with this run's client. */
    record Row(String client, String target, String area, String status, String deviations, String test, String note) {
        String tsv() {
            return String.join("\t", client, target, area, status, deviations, clean(test), clean(note));
        }

        static Row parse(String line) {
            String[] f = line.split("\t", -1);
            return new Row(f[0], f[1], f[2], f[3], f[4], f[5], f.length > 6 ? f[6] : "");
        }
    }

    /**
     * What names this JVM's result files apart from another JVM's of the same run and target: empty for the two
     * main JVMs, {@code -kerberos} for the Kerberos scenarios' own (surefire's execution sets it).
     */
    private static final String RESULTS_SUFFIX = System.getProperty("lakegate.conformance.results.suffix", "");

    private final Map<String, Row> rows = new ConcurrentHashMap<>();
    private final List<String> order = new ArrayList<>();
    private long started;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        started = System.nanoTime();
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        if (id.isTest()) {
            DeviationReport.currentTest(id.getUniqueId());
        }
    }

    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        record(id, "SKIPPED", reason);
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (!id.isTest()) {
            // a container that failed (a @BeforeAll, say) fails its tests; JUnit reports them no further
            return;
        }
        DeviationReport.currentTest(null);
        String status = switch (result.getStatus()) {
            case SUCCESSFUL -> "PASSED";
            case ABORTED -> "SKIPPED";
            case FAILED -> "FAILED";
        };
        record(id, status, result.getThrowable().map(ConformanceReport::cause).orElse(""));
    }

    private synchronized void record(TestIdentifier id, String status, String note) {
        Optional<MethodSource> source =
                id.getSource().filter(MethodSource.class::isInstance).map(MethodSource.class::cast);
        String className = source.map(MethodSource::getClassName)
                .orElseGet(() -> id.getUniqueId().replaceAll(".*\\[class:([^\\]]+)\\].*", "$1"));
        String simple = className.substring(className.lastIndexOf('.') + 1);
        Matcher m = BINDING.matcher(simple);
        String area;
        String target;
        if (m.matches() && !m.group(1).equals("Differential")) {
            area = m.group(1);
            target = m.group(2).equals("Lakegate") ? "lakegate" : "realhms";
        } else {
            area = "(harness) " + simple;
            target = "harness";
        }
        String test = source.map(MethodSource::getMethodName).orElse(simple)
                + (id.getDisplayName().startsWith("[") ? " " + id.getDisplayName() : "");
        String deviations = String.join(",", DeviationReport.usedBy(id.getUniqueId()));
        if (!rows.containsKey(id.getUniqueId())) {
            order.add(id.getUniqueId());
        }
        rows.put(id.getUniqueId(), new Row(Targets.clientLine(), target, area, status, deviations, test, note));
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        Map<String, List<Row>> byTarget = new TreeMap<>();
        for (String uid : order) {
            Row r = rows.get(uid);
            byTarget.computeIfAbsent(r.target(), t -> new ArrayList<>()).add(r);
        }
        // The harness's own tests go with the target this JVM served.
        List<Row> harness = byTarget.remove("harness");
        if (harness != null) {
            String key = byTarget.containsKey("lakegate") ? "lakegate" : "realhms";
            byTarget.put("harness-" + key, harness);
        }
        Path dir = resultsDir();
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        try {
            Files.createDirectories(dir);
            for (Map.Entry<String, List<Row>> e : byTarget.entrySet()) {
                List<String> lines = new ArrayList<>();
                lines.add("#meta\tclient=" + Targets.clientVersion() + "\treference=" + Targets.referenceServerVersion()
                        + "\twritten=" + LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS) + "\tseconds=" + seconds
                        + "\tstartup=" + Targets.startupSummary());
                e.getValue().forEach(r -> lines.add(r.tsv()));
                Files.write(
                        dir.resolve(Targets.clientLine() + "-" + e.getKey() + RESULTS_SUFFIX + ".tsv"),
                        lines,
                        StandardCharsets.UTF_8);
            }
            Path report = reportFile();
            Files.writeString(report, render(dir), StandardCharsets.UTF_8);
            System.out.println("[conformance] report: " + report);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path resultsDir() {
        return Targets.serversDir().resolve("conformance-results");
    }

    public static Path reportFile() {
        return Targets.serversDir().resolve("conformance-report.md");
    }

    // --- the report -------------------------------------------------------------------------------------

    static String render(Path dir) throws IOException {
        List<Row> all = new ArrayList<>();
        Map<String, String> meta = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>)
                    files.filter(p -> p.toString().endsWith(".tsv")).sorted()::iterator) {
                String key = f.getFileName().toString().replace(".tsv", "");
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (line.startsWith("#meta")) {
                        meta.put(key, line.substring("#meta\t".length()));
                    } else if (!line.isBlank()) {
                        all.add(Row.parse(line));
                    }
                }
            }
        }
        List<String> clients = all.stream().map(Row::client).distinct().sorted().toList();
        List<String> areas = all.stream()
                .filter(r -> !r.target().equals("harness"))
                .map(Row::area)
                .distinct()
                .sorted()
                .toList();

        StringBuilder md = new StringBuilder();
        md.append("# Conformance report\n\n");
        md.append("Written by the build (`conformance-tests`, one Maven run per Hive client) from "
                + "`target/conformance-results/*.tsv`. Each scenario runs on the real Apache HMS and on Lakegate with "
                + "the same client; on Lakegate every call is also compared with the reference HMS. A cell is "
                + "`passed/scenarios`, then failures (✗), skips (s) and scenarios that passed through a documented "
                + "deviation (d).\n\n");
        md.append("| area |");
        for (String c : clients) {
            md.append(" ")
                    .append(c)
                    .append(" client: HMS ")
                    .append(referenceOf(meta, c))
                    .append(" | ")
                    .append(c)
                    .append(" client: Lakegate |");
        }
        md.append("\n|---|");
        clients.forEach(c -> md.append("---|---|"));
        md.append("\n");
        for (String area : areas) {
            md.append("| ").append(area).append(" |");
            for (String c : clients) {
                md.append(" ")
                        .append(cell(all, c, "realhms", area))
                        .append(" | ")
                        .append(cell(all, c, "lakegate", area))
                        .append(" |");
            }
            md.append("\n");
        }
        md.append("| **total** |");
        for (String c : clients) {
            md.append(" **")
                    .append(cell(all, c, "realhms", null))
                    .append("** | **")
                    .append(cell(all, c, "lakegate", null))
                    .append("** |");
        }
        md.append("\n\n");

        md.append("Scenarios per area (with the ")
                .append(clients.isEmpty() ? "" : clients.get(0))
                .append(" client): ");
        md.append(areas.stream()
                        .map(a -> a + " " + count(all, clients.isEmpty() ? "" : clients.get(0), "realhms", a))
                        .collect(Collectors.joining(", ")))
                .append(".\n\n");

        md.append("## Runs\n\n| run | client | reference | written | seconds | targets started |\n"
                + "|---|---|---|---|---|---|\n");
        meta.forEach((k, v) -> {
            Map<String, String> kv = new LinkedHashMap<>();
            for (String part : v.split("\t")) {
                int eq = part.indexOf('=');
                if (eq > 0) {
                    kv.put(part.substring(0, eq), part.substring(eq + 1));
                }
            }
            md.append("| ")
                    .append(k)
                    .append(" | ")
                    .append(kv.getOrDefault("client", ""))
                    .append(" | ")
                    .append(kv.getOrDefault("reference", ""))
                    .append(" | ")
                    .append(kv.getOrDefault("written", ""))
                    .append(" | ")
                    .append(kv.getOrDefault("seconds", ""))
                    .append(" | ")
                    .append(kv.getOrDefault("startup", ""))
                    .append(" |\n");
        });

        md.append("\n## Failures on Lakegate\n\n");
        Map<String, List<Row>> causes = new TreeMap<>();
        all.stream()
                .filter(r -> r.target().equals("lakegate") && r.status().equals("FAILED"))
                .forEach(r -> causes.computeIfAbsent(causeClass(r.note()), k -> new ArrayList<>())
                        .add(r));
        if (causes.isEmpty()) {
            md.append("None.\n");
        }
        causes.forEach((cause, rs) -> {
            md.append("- **").append(cause).append("**: ").append(rs.size()).append(" runs — ");
            md.append(rs.stream()
                    .map(r -> r.client() + " " + r.area() + "." + r.test())
                    .distinct()
                    .limit(12)
                    .collect(Collectors.joining("; ")));
            if (rs.size() > 12) {
                md.append("; …");
            }
            md.append("\n");
        });
        List<Row> otherFailures = all.stream()
                .filter(r -> r.status().equals("FAILED") && !r.target().equals("lakegate"))
                .toList();
        md.append("\n## Failures on the reference HMS and in the harness\n\n");
        if (otherFailures.isEmpty()) {
            md.append("None.\n");
        }
        otherFailures.forEach(r -> md.append("- ")
                .append(r.client())
                .append(" ")
                .append(r.area())
                .append(".")
                .append(r.test())
                .append(": ")
                .append(abbreviate(r.note(), 300))
                .append("\n"));

        md.append("\n## Deviations used\n\n");
        Map<String, TreeSet<String>> used = new TreeMap<>();
        all.stream().filter(r -> !r.deviations().isEmpty()).forEach(r -> {
            for (String d : r.deviations().split(",")) {
                used.computeIfAbsent(d, k -> new TreeSet<>()).add(r.client() + " " + r.area() + "." + r.test());
            }
        });
        for (Deviation d : Deviation.values()) {
            TreeSet<String> where = used.getOrDefault(d.name(), new TreeSet<>());
            md.append("- `")
                    .append(d.name())
                    .append("` (")
                    .append(where.size())
                    .append(" scenario runs): ")
                    .append(d.reason())
                    .append(
                            where.isEmpty()
                                    ? ""
                                    : " — e.g. "
                                            + String.join(
                                                    "; ",
                                                    where.stream().limit(4).toList()))
                    .append("\n");
        }

        md.append("\n## Skipped\n\n");
        Map<String, List<Row>> skipped = new TreeMap<>();
        all.stream()
                .filter(r -> r.status().equals("SKIPPED"))
                .forEach(r -> skipped.computeIfAbsent(
                                r.client() + " client, " + r.target() + ": " + r.note(), k -> new ArrayList<>())
                        .add(r));
        if (skipped.isEmpty()) {
            md.append("None.\n");
        }
        skipped.forEach((why, rs) -> md.append("- ")
                .append(why)
                .append(" — ")
                .append(rs.size())
                .append(" scenarios (")
                .append(rs.stream().map(r -> r.area() + "." + r.test()).limit(6).collect(Collectors.joining(", ")))
                .append(rs.size() > 6 ? ", …" : "")
                .append(")\n"));
        return md.toString();
    }

    private static String referenceOf(Map<String, String> meta, String client) {
        String v = meta.getOrDefault(client + "-realhms", meta.getOrDefault(client + "-lakegate", ""));
        Matcher m = Pattern.compile("reference=([^\\t]+)").matcher(v);
        return m.find() ? m.group(1) : "?";
    }

    private static String count(List<Row> all, String client, String target, String area) {
        return Long.toString(all.stream()
                .filter(r -> r.client().equals(client)
                        && r.target().equals(target)
                        && r.area().equals(area))
                .count());
    }

    private static String cell(List<Row> all, String client, String target, String area) {
        List<Row> rs = all.stream()
                .filter(r -> r.client().equals(client)
                        && r.target().equals(target)
                        && (area == null
                                ? !r.area().startsWith("(harness)")
                                : r.area().equals(area)))
                .toList();
        if (rs.isEmpty()) {
            return "–";
        }
        long passed = rs.stream().filter(r -> r.status().equals("PASSED")).count();
        long failed = rs.stream().filter(r -> r.status().equals("FAILED")).count();
        long skippedCount =
                rs.stream().filter(r -> r.status().equals("SKIPPED")).count();
        long deviated = rs.stream()
                .filter(r -> r.status().equals("PASSED") && !r.deviations().isEmpty())
                .count();
        StringBuilder s = new StringBuilder().append(passed).append('/').append(rs.size());
        if (failed > 0) {
            s.append(" ✗").append(failed);
        }
        if (skippedCount > 0) {
            s.append(" s").append(skippedCount);
        }
        if (deviated > 0) {
            s.append(" d").append(deviated);
        }
        return s.toString();
    }

    /** The cause of a failure on Lakegate, by kind: a method not served yet, or a difference. */
    static String causeClass(String note) {
        Matcher m = UNKNOWN_METHOD.matcher(note);
        if (m.find()) {
            return "not served yet: UNKNOWN_METHOD " + m.group(1);
        }
        if (note.contains("differs from")) {
            int at = note.indexOf(": lakegate differs");
            String call = at > 0 ? note.substring(0, at) : note;
            return "differs from HMS in " + call.replaceAll("\\(.*", "(…)");
        }
        return abbreviate(note, 160);
    }

    private static String cause(Throwable t) {
        String s = t.getClass().getSimpleName() + ": " + t.getMessage();
        Matcher unknown = UNKNOWN_METHOD.matcher(s);
        if (unknown.find()) {
            s = "UNKNOWN_METHOD '" + unknown.group(1) + "' — " + s;
        }
        return abbreviate(s, 600);
    }

    private static String clean(String s) {
        return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    private static String abbreviate(String s, int max) {
        String c = clean(s);
        return c.length() > max ? c.substring(0, max - 1) + "…" : c;
    }
}

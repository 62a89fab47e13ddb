package dev.lakegate.bench;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The Markdown report: the machine at the top, then per store a table of results and the targets. */
final class Report {

    /** One line of a result table; {@code perSecond} is in the unit the operation names. */
    record Row(
            String operation,
            String threads,
            double perSecond,
            double p50Millis,
            double p99Millis,
            double cpuMillisPerOperation,
            String notes) {}

    /** A target of the team's and how it came out: "met", "not met", or met on some paths only. */
    record Target(String target, String measured, String verdict) {}

    record Section(String title, String note, List<Row> rows, List<Target> targets) {}

    private final StringBuilder header = new StringBuilder();
    private final List<Section> sections = new ArrayList<>();

    Report(CatalogBenchmark.Options options) {
        Runtime runtime = Runtime.getRuntime();
        var os = ManagementFactory.getOperatingSystemMXBean();
        List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
        header.append("# Lakegate catalog benchmark\n\n");
        header.append("- Date: ")
                .append(Instant.now().truncatedTo(ChronoUnit.SECONDS))
                .append('\n');
        header.append("- Machine: ")
                .append(runtime.availableProcessors())
                .append(" cores, ")
                .append(os.getName())
                .append(' ')
                .append(os.getVersion())
                .append(' ')
                .append(os.getArch())
                .append(String.format(Locale.ROOT, ", load average %.2f at start", os.getSystemLoadAverage()))
                .append('\n');
        header.append("- JVM: ")
                .append(System.getProperty("java.vm.name"))
                .append(' ')
                .append(System.getProperty("java.runtime.version"))
                .append(", max heap ")
                .append(runtime.maxMemory() / (1024 * 1024))
                .append(" MB")
                .append(jvmArgs.isEmpty() ? "" : ", flags " + String.join(" ", jvmArgs))
                .append('\n');
        header.append("- Settings: ")
                .append(options.seconds())
                .append(" s per timed phase after ")
                .append(options.warmUpSeconds())
                .append(" s warm-up, ")
                .append(options.threads())
                .append(" threads, ")
                .append(GetTablePhase.TABLES)
                .append(" tables; GetTable view BASIC; ")
                .append("the server and its clients share this JVM, over loopback TCP for gRPC; the JVM is warmed up ")
                .append("first on a scratch H2 store (GetTable and CommitTable, unreported)\n");
        header.append("- Latencies are per call as the caller sees it (a commit's includes its retries); ")
                .append("ops/s of AddPartitions counts partitions, its latencies and CPU are per batch. ")
                .append("CPU ms/op is the CPU time of the whole process (callers, server, GC, JIT) during the ")
                .append("timed part divided by its operations: what an operation costs, however busy the machine; ")
                .append("for PostgreSQL it leaves out the database server's own processes, ")
                .append("for H2 the engine is in it. ")
                .append("Throughput and latency hold for this machine only: other processes may share its cores.\n");
    }

    void add(Section section) {
        sections.add(section);
    }

    String markdown() {
        StringBuilder out = new StringBuilder(header);
        for (Section section : sections) {
            out.append("\n## ").append(section.title()).append("\n\n");
            if (!section.note().isEmpty()) {
                out.append(section.note()).append("\n\n");
            }
            out.append("| operation | threads | ops/s | p50 ms | p99 ms | CPU ms/op | notes |\n");
            out.append("|---|---:|---:|---:|---:|---:|---|\n");
            for (Row row : section.rows()) {
                out.append("| ")
                        .append(row.operation())
                        .append(" | ")
                        .append(row.threads())
                        .append(" | ")
                        .append(Figures.rate(row.perSecond()))
                        .append(" | ")
                        .append(Figures.millis(row.p50Millis()))
                        .append(" | ")
                        .append(Figures.millis(row.p99Millis()))
                        .append(" | ")
                        .append(Figures.cpu(row.cpuMillisPerOperation()))
                        .append(" | ")
                        .append(row.notes())
                        .append(" |\n");
            }
            if (!section.targets().isEmpty()) {
                out.append("\n| target | measured | met |\n|---|---|---|\n");
                for (Target target : section.targets()) {
                    out.append("| ")
                            .append(target.target())
                            .append(" | ")
                            .append(target.measured())
                            .append(" | ")
                            .append(target.verdict().equals("met") ? "met" : "**" + target.verdict() + "**")
                            .append(" |\n");
                }
            }
        }
        return out.toString();
    }
}

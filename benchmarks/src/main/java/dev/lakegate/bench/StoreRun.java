package dev.lakegate.bench;

import static java.util.Objects.requireNonNull;

import dev.lakegate.bench.Report.Row;
import dev.lakegate.bench.Report.Target;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One store's run: the options it measures with, and the rows and targets of its report section;
 * each row is printed as progress when it is measured.
 */
final class StoreRun {

    private final String label;
    private final CatalogBenchmark.Options options;
    private final PrintStream progress;
    private final List<Row> rows = new ArrayList<>();
    private final List<Target> targets = new ArrayList<>();

    StoreRun(String label, CatalogBenchmark.Options options, PrintStream progress) {
        this.label = requireNonNull(label, "label is null");
        this.options = requireNonNull(options, "options is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    int threads() {
        return options.threads();
    }

    /** {@link Harness#timed} with the options' warm-up and measured durations. */
    Measurement timed(int threads, Harness.OperationFactory factory) throws Exception {
        return Harness.timed(
                threads, Duration.ofSeconds(options.warmUpSeconds()), Duration.ofSeconds(options.seconds()), factory);
    }

    void row(String operation, int threads, Measurement m, String notes) {
        row(operation, Integer.toString(threads), m, notes);
    }

    void row(String operation, String threads, Measurement m, String notes) {
        add(new Row(operation, threads, m.perSecond(), m.p50Millis(), m.p99Millis(), m.cpuMillisPerOperation(), notes));
    }

    void add(Row row) {
        rows.add(row);
        report(row);
    }

    void add(Target target) {
        targets.add(target);
    }

    /** "met", "not met", or which of two paths (or variants) met it. */
    static String verdict(boolean firstMet, String first, boolean secondMet, String second) {
        if (firstMet && secondMet) {
            return "met";
        }
        if (firstMet || secondMet) {
            return "met " + (firstMet ? first : second) + " only";
        }
        return "not met";
    }

    Report.Section section(String note) {
        return new Report.Section(label, note, List.copyOf(rows), List.copyOf(targets));
    }

    private void report(Row row) {
        progress.printf(
                Locale.ROOT,
                "[%s] %s, %s thread(s): %s ops/s, p50 %s ms, p99 %s ms, CPU %s ms/op %s%n",
                label,
                row.operation(),
                row.threads(),
                Figures.rate(row.perSecond()),
                Figures.millis(row.p50Millis()),
                Figures.millis(row.p99Millis()),
                Figures.cpu(row.cpuMillisPerOperation()),
                row.notes().isEmpty() ? "" : "(" + row.notes() + ")");
    }
}

package dev.lakegate.migration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;

/**
 * Writes the lines that name a difference between the two sides of a sync, each side named by its
 * label: {@code where: what a (the legacy metastore) vs b (the catalog)}.
 */
final class Differ {

    /**
     * Basic statistics a metastore counts from the files itself when an object is added to it (HMS 3.1
     * does for a partition whose directory exists, with no way to tell it not to).
     */
    private static final List<String> QUICK_STATISTICS = List.of("numFiles", "totalSize", "numFilesErasureCoded");

    private final String fromLabel;
    private final String toLabel;

    Differ(Metastore from, Metastore to) {
        this.fromLabel = from.label();
        this.toLabel = to.label();
    }

    /** Adds a line when the values differ; an empty string counts as none. */
    void compare(List<String> differences, String where, String what, Object source, Object target) {
        Object a = source instanceof String s && s.isEmpty() ? null : source;
        Object b = target instanceof String s && s.isEmpty() ? null : target;
        if (!Objects.equals(a, b)) {
            differences.add(where + ": " + what + " " + a + " (" + fromLabel + ") vs " + b + " (" + toLabel + ")");
        }
    }

    /** Table and partition parameters, the quick statistics compared only where both sides have them. */
    void compareParameters(
            List<String> differences, String where, Map<String, String> source, Map<String, String> target) {
        Map<String, String> a = Normalized.parameters(source);
        Map<String, String> b = Normalized.parameters(target);
        for (String quick : QUICK_STATISTICS) {
            if (a.containsKey(quick) != b.containsKey(quick)) {
                a.remove(quick);
                b.remove(quick);
            }
        }
        compare(differences, where, "parameters", a, b);
    }

    /** Adds a line for each side that has names the other lacks. */
    void sets(List<String> differences, String where, String what, TreeSet<String> source, TreeSet<String> target) {
        TreeSet<String> onlySource = new TreeSet<>(source);
        onlySource.removeAll(target);
        TreeSet<String> onlyTarget = new TreeSet<>(target);
        onlyTarget.removeAll(source);
        if (!onlySource.isEmpty()) {
            differences.add(where + ": " + what + " only in the " + fromLabel + ": " + abbreviated(onlySource));
        }
        if (!onlyTarget.isEmpty()) {
            differences.add(where + ": " + what + " only in the " + toLabel + ": " + abbreviated(onlyTarget));
        }
    }

    /** The line for column statistics that differ. */
    String statistics(String where, ColumnStatistics source, ColumnStatistics target) {
        return where + ": column statistics " + Normalized.describe(source) + " (" + fromLabel + ") vs "
                + Normalized.describe(target) + " (" + toLabel + ")";
    }

    private static String abbreviated(TreeSet<String> names) {
        List<String> first = new ArrayList<>(names).subList(0, Math.min(10, names.size()));
        return String.join(", ", first) + (names.size() > 10 ? " … (" + names.size() + ")" : "");
    }
}

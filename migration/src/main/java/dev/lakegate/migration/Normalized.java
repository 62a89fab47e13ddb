package dev.lakegate.migration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.FieldSchema;

/**
 * Objects as two metastores are compared: without what differs between any two of them and says
 * nothing of the data (create and DDL times, Lakegate's own database parameters), column types in one
 * spelling ({@code decimal(10, 2)} = {@code decimal(10,2)}), names in lower case, in a stable order.
 */
final class Normalized {

    /** Lakegate's own parameters (the route, the migration's place in the notification log). */
    static final String OWN_PREFIX = "lakegate.";

    private static final String DDL_TIME = "transient_lastDdlTime";

    private Normalized() {}

    static List<String> columns(List<FieldSchema> columns) {
        List<String> out = new ArrayList<>();
        if (columns != null) {
            for (FieldSchema c : columns) {
                out.add(c.getName().toLowerCase(Locale.ROOT) + " " + type(c.getType())
                        + (c.getComment() == null || c.getComment().isEmpty() ? "" : " '" + c.getComment() + "'"));
            }
        }
        return out;
    }

    static String type(String type) {
        return type == null ? null : type.replace(" ", "").toLowerCase(Locale.ROOT);
    }

    /** The parameters but Lakegate's own and the DDL time, sorted by key. */
    static Map<String, String> parameters(Map<String, String> parameters) {
        Map<String, String> out = new TreeMap<>();
        if (parameters != null) {
            parameters.forEach((k, v) -> {
                if (!k.startsWith(OWN_PREFIX) && !k.equals(DDL_TIME)) {
                    out.put(k, v);
                }
            });
        }
        return out;
    }

    /** Statistics as both sides report them: the same columns with the same figures, in any order. */
    static boolean sameStatistics(ColumnStatistics a, ColumnStatistics b) {
        return statistics(a).equals(statistics(b));
    }

    static String describe(ColumnStatistics statistics) {
        return statistics == null ? "none" : statistics(statistics).keySet().toString();
    }

    private static Map<String, Object> statistics(ColumnStatistics statistics) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (statistics == null || statistics.getStatsObj() == null) {
            return out;
        }
        List<ColumnStatisticsObj> objects = new ArrayList<>(statistics.getStatsObj());
        objects.sort(Comparator.comparing(o -> o.getColName().toLowerCase(Locale.ROOT)));
        for (ColumnStatisticsObj o : objects) {
            out.put(o.getColName().toLowerCase(Locale.ROOT) + " " + type(o.getColType()), o.getStatsData());
        }
        return out;
    }
}

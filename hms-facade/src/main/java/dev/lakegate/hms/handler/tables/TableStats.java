package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.v1.PartitionRewrite;
import dev.lakegate.hms.handler.files.Directories;
import dev.lakegate.hms.handler.files.WarehouseFiles;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The basic statistics HMS 4.0 keeps in table parameters (StatsSetupConst, MetaStoreServerUtils):
 * the quick statistics it counts from the files when a table is created over an existing directory
 * or altered, the COLUMN_STATS_ACCURATE flag, and what truncate leaves behind.
 */
public final class TableStats {

    public static final String NUM_FILES = "numFiles";
    public static final String TOTAL_SIZE = "totalSize";
    public static final String NUM_ERASURE_CODED_FILES = "numFilesErasureCoded";
    public static final String ROW_COUNT = "numRows";
    public static final String RAW_DATA_SIZE = "rawDataSize";
    public static final String COLUMN_STATS_ACCURATE = "COLUMN_STATS_ACCURATE";
    /** StatsSetupConst's value of COLUMN_STATS_ACCURATE with the basic statistics accurate and no column's. */
    private static final String BASIC_STATS_ACCURATE = "{\"BASIC_STATS\":\"true\"}";

    public static final String DO_NOT_UPDATE_STATS = "DO_NOT_UPDATE_STATS";
    public static final String DO_NOT_POPULATE_QUICK_STATS = "DO_NOT_POPULATE_QUICK_STATS";
    public static final String STATS_GENERATED = "STATS_GENERATED";
    public static final String TASK = "TASK";
    public static final String USER = "USER";

    static final List<String> SUPPORTED_STATS =
            List.of(NUM_FILES, ROW_COUNT, TOTAL_SIZE, RAW_DATA_SIZE, NUM_ERASURE_CODED_FILES);
    static final List<String> FAST_STATS = List.of(NUM_FILES, TOTAL_SIZE, NUM_ERASURE_CODED_FILES);

    private TableStats() {}

    static boolean isTrue(Map<String, String> environment, String key) {
        return environment != null && Boolean.parseBoolean(environment.getOrDefault(key, "false"));
    }

    /**
     * MetaStoreServerUtils.updateTableStatsSlow: drops the transient DO_NOT_UPDATE_STATS parameter
     * (honouring it), and for an unpartitioned table over a directory it did not just make, counts
     * the files (where it can read them) and marks the basic statistics stale (or accurate when a
     * task computed them).
     */
    static void updateSlow(
            WarehouseFiles files,
            Map<String, String> parameters,
            String location,
            boolean newDirectory,
            boolean partitioned,
            boolean forceRecompute,
            Map<String, String> environment) {
        boolean update = true;
        if (parameters.containsKey(DO_NOT_UPDATE_STATS)) {
            update = !Boolean.parseBoolean(parameters.get(DO_NOT_UPDATE_STATS));
            parameters.remove(DO_NOT_UPDATE_STATS);
        }
        if (!update || newDirectory || partitioned) {
            return;
        }
        if (!forceRecompute && parameters.keySet().containsAll(FAST_STATS)) {
            return;
        }
        if (!isTrue(environment, DO_NOT_POPULATE_QUICK_STATS)) {
            Optional<Directories.QuickStats> stats = files.quickStats(location);
            stats.ifPresent(found -> {
                parameters.put(NUM_FILES, Long.toString(found.files()));
                parameters.put(TOTAL_SIZE, Long.toString(found.bytes()));
                parameters.put(NUM_ERASURE_CODED_FILES, "0");
            });
        }
        if (environment != null && TASK.equals(environment.get(STATS_GENERATED))) {
            setBasicStatsAccurate(parameters);
        } else {
            parameters.remove(COLUMN_STATS_ACCURATE);
        }
    }

    /**
     * HiveAlterHandler.alterPartition's statistics (MetaStoreServerUtils.requireCalStats,
     * isFastStatsSame, updatePartitionStatsFast, updateBasicState): unless told not to, a partition
     * of a table that is no view gets its quick statistics counted from its directory when they are
     * missing, differ from the old ones, or a task or user computed statistics; the basic statistics
     * are then accurate only when a task computed them.
     */
    public static void updateAlteredPartition(
            WarehouseFiles files,
            Map<String, String> old,
            Map<String, String> parameters,
            String location,
            boolean view,
            Map<String, String> environment) {
        if (view || isTrue(environment, DO_NOT_UPDATE_STATS)) {
            return;
        }
        String generated = environment == null ? null : environment.get(STATS_GENERATED);
        boolean same = sameFastStats(old, parameters);
        boolean required = !parameters.keySet().containsAll(FAST_STATS)
                || TASK.equals(generated)
                || USER.equals(generated)
                || !same;
        if (!required) {
            return;
        }
        if (!same && !isTrue(environment, DO_NOT_POPULATE_QUICK_STATS)) {
            files.quickStats(location).ifPresent(found -> {
                parameters.put(NUM_FILES, Long.toString(found.files()));
                parameters.put(TOTAL_SIZE, Long.toString(found.bytes()));
                parameters.put(NUM_ERASURE_CODED_FILES, "0");
            });
        }
        if (TASK.equals(generated)) {
            setBasicStatsAccurate(parameters);
        } else {
            parameters.remove(COLUMN_STATS_ACCURATE);
        }
    }

    /** MetaStoreServerUtils.isFastStatsSame: every quick statistic present in the old parameters, equal in the new. */
    private static boolean sameFastStats(Map<String, String> old, Map<String, String> parameters) {
        if (old == null || parameters == null) {
            return false;
        }
        for (String stat : FAST_STATS) {
            String before = old.get(stat);
            String after = parameters.get(stat);
            if (before == null || after == null || !sameNumber(before, after)) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameNumber(String a, String b) {
        try {
            return Long.parseLong(a.trim()) == Long.parseLong(b.trim());
        } catch (NumberFormatException e) {
            return a.equals(b);
        }
    }

    /** HMSHandler.updateStatsForTruncate: the statistics present become 0, basic ones accurate, no column ones. */
    public static void truncated(Map<String, String> parameters) {
        for (String stat : SUPPORTED_STATS) {
            if (parameters.containsKey(stat)) {
                parameters.put(stat, "0");
            }
        }
        parameters.put(COLUMN_STATS_ACCURATE, BASIC_STATS_ACCURATE);
    }

    /** {@link #truncated} as a rewrite of every partition of a table, for the catalog to apply in one commit. */
    static PartitionRewrite truncatedPartitions() {
        PartitionRewrite.Builder rewrite = PartitionRewrite.newBuilder();
        SUPPORTED_STATS.forEach(stat -> rewrite.putSetExistingParameters(stat, "0"));
        return rewrite.putSetParameters(COLUMN_STATS_ACCURATE, BASIC_STATS_ACCURATE)
                .build();
    }

    /** StatsSetupConst.setBasicStatsState(TRUE), keeping the column flags as they are. */
    static void setBasicStatsAccurate(Map<String, String> parameters) {
        String current = parameters.get(COLUMN_STATS_ACCURATE);
        TreeMap<String, String> columns = columnFlags(current);
        StringBuilder json = new StringBuilder("{\"BASIC_STATS\":\"true\"");
        if (!columns.isEmpty()) {
            json.append(",\"COLUMN_STATS\":{");
            boolean first = true;
            for (Map.Entry<String, String> column : columns.entrySet()) {
                json.append(first ? "" : ",")
                        .append('"')
                        .append(column.getKey())
                        .append("\":\"")
                        .append(column.getValue())
                        .append('"');
                first = false;
            }
            json.append('}');
        }
        parameters.put(COLUMN_STATS_ACCURATE, json.append('}').toString());
    }

    /** The COLUMN_STATS object of the flag, read leniently; names and values hold no quotes in Hive's output. */
    private static TreeMap<String, String> columnFlags(String flag) {
        TreeMap<String, String> columns = new TreeMap<>();
        if (flag == null) {
            return columns;
        }
        int start = flag.indexOf("\"COLUMN_STATS\"");
        if (start < 0) {
            return columns;
        }
        int open = flag.indexOf('{', start);
        int close = flag.indexOf('}', open);
        if (open < 0 || close < 0) {
            return columns;
        }
        for (String pair : flag.substring(open + 1, close).split(",")) {
            String[] parts = pair.split(":");
            if (parts.length == 2) {
                columns.put(parts[0].trim().replace("\"", ""), parts[1].trim().replace("\"", ""));
            }
        }
        return columns;
    }
}

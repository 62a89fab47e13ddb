package dev.lakegate.conformance.diff;

import dev.lakegate.conformance.targets.MetastoreTarget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns what a target returned into something two targets can be compared on: a {@link ThriftTree} in
 * which values that differ between any two correct metastores are replaced by a placeholder (so that
 * their presence still counts, not their value), and locations are written relative to the target's
 * warehouse.
 *
 * <ul>
 *   <li>times: {@code createTime}, {@code lastAccessTime} (any struct), a view's {@code materializationTime}
 *       (the server stamps it) → {@value #TIME};
 *   <li>a role grant's {@code grantTime} when set (the implicit {@code public} grant carries 0, which stays)
 *       → {@value #TIME};
 *   <li>parameters set by the server itself: {@code transient_lastDdlTime} → {@value #TIME};
 *   <li>ids a database sequence hands out: a table's {@code id}, a scheduled query run's {@code executionId}
 *       → {@value #ID};
 *   <li>every string starting with the target's warehouse URI → {@code ${warehouse}} + the rest;
 *   <li>a view's {@code sourceTables} (HMS 4 lists them in its store's set order, which varies from call to
 *       call) → in the order of their tables' names;
 *   <li>a resource plan's {@code pools}, {@code triggers}, {@code mappings} and {@code poolTriggers} (HMS reads
 *       them from its store's sets, in no fixed order) → in the order of their text.
 * </ul>
 */
public final class Normaliser {

    public static final String TIME = "<time>";
    public static final String ID = "<id>";
    public static final String WAREHOUSE = "${warehouse}";

    private static final Set<String> TIME_FIELDS = Set.of("createTime", "lastAccessTime", "materializationTime");
    private static final Set<String> TIME_FIELDS_WHEN_SET = Set.of("grantTime");
    private static final Set<String> TIME_PARAMETERS = Set.of("transient_lastDdlTime");
    private static final Set<String> ID_FIELDS = Set.of("id", "executionId");
    private static final Set<String> SET_ORDERED_LISTS = Set.of("pools", "triggers", "mappings", "poolTriggers");

    private static final java.util.regex.Pattern STRUCT_TIMES =
            java.util.regex.Pattern.compile("\\b(createTime|lastAccessTime|materializationTime):\\d+");
    private static final java.util.regex.Pattern STRUCT_IDS = java.util.regex.Pattern.compile("([(, ]id):\\d+");
    private static final java.util.regex.Pattern DDL_TIME =
            java.util.regex.Pattern.compile("(transient_lastDdlTime=)\\d+");

    private final String warehouseUri;

    private Normaliser(String warehouseUri) {
        this.warehouseUri = warehouseUri;
    }

    public static Normaliser of(MetastoreTarget target) {
        return new Normaliser(target.warehouseUri());
    }

    /** For tests of the normaliser: a target whose warehouse is at that URI. */
    public static Normaliser forWarehouse(String warehouseUri) {
        return new Normaliser(warehouseUri);
    }

    public Object normalise(Object value) {
        return walk(ThriftTree.of(value), null);
    }

    private Object walk(Object value, String key) {
        if (value instanceof Map<?, ?> map) {
            boolean parameters = "parameters".equals(key);
            // Structs keep their field order; maps (ThriftTree sorts them) stay sorted by key.
            Map<Object, Object> out = map instanceof TreeMap
                    ? new TreeMap<>((a, b) -> String.valueOf(a).compareTo(String.valueOf(b)))
                    : new LinkedHashMap<>();
            map.forEach((k, v) -> {
                String name = String.valueOf(k);
                if (!parameters && TIME_FIELDS.contains(name) && v instanceof Number) {
                    out.put(k, TIME);
                } else if (!parameters
                        && TIME_FIELDS_WHEN_SET.contains(name)
                        && v instanceof Number n
                        && n.longValue() != 0) {
                    out.put(k, TIME);
                } else if (!parameters && ID_FIELDS.contains(name) && v instanceof Number) {
                    out.put(k, ID);
                } else if (parameters && TIME_PARAMETERS.contains(name)) {
                    out.put(k, TIME);
                } else {
                    out.put(k, walk(v, name));
                }
            });
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(e -> out.add(walk(e, key)));
            if ("sourceTables".equals(key)) {
                out.sort(java.util.Comparator.comparing(Normaliser::sourceTableName));
            }
            if (key != null && SET_ORDERED_LISTS.contains(key)) {
                out.sort(java.util.Comparator.comparing(String::valueOf));
            }
            return out;
        }
        if (value instanceof String s) {
            return normaliseString(s);
        }
        return value;
    }

    private static String sourceTableName(Object sourceTable) {
        return sourceTable instanceof Map<?, ?> source && source.get("table") instanceof Map<?, ?> table
                ? String.valueOf(table.get("dbName")) + "." + table.get("tableName")
                : String.valueOf(sourceTable);
    }

    /** Locations (and messages quoting them) relative to the warehouse, in either spelling of file URIs. */
    public String normaliseString(String s) {
        if (warehouseUri == null || warehouseUri.isEmpty()) {
            return s;
        }
        String path = warehouseUri.replaceFirst("^file:", "");
        String out = s.replace("file://" + path, WAREHOUSE).replace(warehouseUri, WAREHOUSE);
        // Messages quoting a struct's Thrift toString carry its times and ids too.
        if (out.indexOf(':') >= 0 || out.indexOf('=') >= 0) {
            out = STRUCT_TIMES.matcher(out).replaceAll("$1:" + TIME);
            out = STRUCT_IDS.matcher(out).replaceAll("$1:" + ID);
            out = DDL_TIME.matcher(out).replaceAll("$1" + TIME);
        }
        return out;
    }
}

package dev.lakegate.hms.handler.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * What a processor with those capabilities may do with a table, as HMS 4's default metadata transformer
 * (MetastoreDefaultTransformer) decides it for a table that names no capabilities of its own: an access type
 * and the read and write capabilities it lacks. Measured on HMS 4.0.1 for external, managed insert-only,
 * view and materialized view tables and every capability these look at.
 */
public record ProcessorAccess(int accessType, List<String> requiredReads, List<String> requiredWrites) {

    public static final int NONE = 1;
    public static final int READ_ONLY = 2;
    public static final int READ_WRITE = 8;

    private static final String EXTREAD = "EXTREAD";
    private static final String EXTWRITE = "EXTWRITE";
    private static final String HIVEBUCKET2 = "HIVEBUCKET2";
    private static final String CONNECTORREAD = "CONNECTORREAD";
    private static final String CONNECTORWRITE = "CONNECTORWRITE";
    private static final String HIVEFULLACIDREAD = "HIVEFULLACIDREAD";
    private static final String HIVEFULLACIDWRITE = "HIVEFULLACIDWRITE";
    private static final String HIVEMANAGEDINSERTREAD = "HIVEMANAGEDINSERTREAD";
    private static final String HIVEMANAGEDINSERTWRITE = "HIVEMANAGEDINSERTWRITE";
    private static final String HIVEMQT = "HIVEMQT";
    private static final String HIVESQL = "HIVESQL";
    /** What every transactional write needs besides the write capability of its kind. */
    private static final List<String> COMMON_WRITES = List.of("HIVEMANAGESTATS", "HIVECACHEINVALIDATE", CONNECTORWRITE);

    public ProcessorAccess {
        requiredReads = List.copyOf(requiredReads);
        requiredWrites = List.copyOf(requiredWrites);
    }

    /** The access of a processor with {@code capabilities} to {@code table}. */
    public static ProcessorAccess of(Table table, List<String> capabilities) {
        String type = table.getTableType() == null ? "" : table.getTableType();
        return switch (type) {
            case HiveRules.EXTERNAL_TABLE -> external(table, capabilities);
            case HiveRules.MANAGED_TABLE -> managed(table.getParameters(), capabilities);
            case HiveRules.VIRTUAL_VIEW ->
                capabilities.contains(HIVESQL) || capabilities.contains(CONNECTORREAD)
                        ? readOnly(List.of())
                        : new ProcessorAccess(NONE, List.of(HIVESQL, CONNECTORREAD), List.of());
            case "MATERIALIZED_VIEW" ->
                (capabilities.contains(CONNECTORREAD) || capabilities.contains(HIVEFULLACIDREAD))
                                && capabilities.contains(HIVEMQT)
                        ? readOnly(List.of())
                        : new ProcessorAccess(NONE, List.of(CONNECTORREAD, HIVEMQT), List.of());
            default -> new ProcessorAccess(NONE, List.of(), List.of());
        };
    }

    private static ProcessorAccess external(Table table, List<String> capabilities) {
        boolean bucketed = table.isSetSd() && table.getSd().getNumBuckets() > 0;
        if (bucketed) {
            return capabilities.contains(HIVEBUCKET2) ? readWrite() : readOnly(List.of(HIVEBUCKET2));
        }
        if (capabilities.contains(EXTWRITE) && capabilities.contains(EXTREAD)) {
            return readWrite();
        }
        if (capabilities.contains(EXTREAD)) {
            return readOnly(List.of(EXTWRITE));
        }
        return new ProcessorAccess(NONE, List.of(EXTREAD), List.of(EXTWRITE));
    }

    private static ProcessorAccess managed(Map<String, String> parameters, List<String> capabilities) {
        if (!HiveRules.isPropertyTrue(parameters, "transactional")) {
            return readWrite();
        }
        boolean insertOnly =
                parameters != null && "insert_only".equalsIgnoreCase(parameters.get("transactional_properties"));
        String write = insertOnly ? HIVEMANAGEDINSERTWRITE : HIVEFULLACIDWRITE;
        String read = insertOnly ? HIVEMANAGEDINSERTREAD : HIVEFULLACIDREAD;
        List<String> writes = new ArrayList<>(List.of(write));
        writes.addAll(COMMON_WRITES);
        if (capabilities.contains(write) || capabilities.contains(CONNECTORWRITE)) {
            return readWrite();
        }
        if (capabilities.contains(read) || capabilities.contains(CONNECTORREAD)) {
            return readOnly(writes);
        }
        return new ProcessorAccess(NONE, List.of(CONNECTORREAD, read), writes);
    }

    private static ProcessorAccess readWrite() {
        return new ProcessorAccess(READ_WRITE, List.of(), List.of());
    }

    private static ProcessorAccess readOnly(List<String> requiredWrites) {
        return new ProcessorAccess(READ_ONLY, List.of(), requiredWrites);
    }
}

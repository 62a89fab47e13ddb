package dev.lakegate.hms.handler.tables;

import dev.lakegate.translator.error.HmsFailure;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * What HMS 4.0 checks and changes in a table on the way in: the default metadata transformer's
 * translation of non-ACID managed tables to external ones (MetastoreDefaultTransformer), and the
 * checks HiveAlterHandler and DefaultIncompatibleTableChangeHandler make on an altered table.
 */
public final class TableRules {

    private static final String FULL_ACID_WRITE = "HIVEFULLACIDWRITE";
    private static final String MANAGED_INSERT_WRITE = "HIVEMANAGEDINSERTWRITE";

    private static final Set<String> PRIMITIVE = Set.of(
            "void",
            "boolean",
            "tinyint",
            "smallint",
            "int",
            "bigint",
            "float",
            "double",
            "string",
            "varchar",
            "char",
            "date",
            "datetime",
            "timestamp",
            "interval_year_month",
            "interval_day_time",
            "decimal",
            "binary",
            "timestamp with time zone");
    private static final Set<String> STRINGS = Set.of("string", "varchar", "char");
    private static final Set<String> DATE_TIMES = Set.of("date", "datetime", "timestamp");
    private static final Map<String, Integer> NUMERIC_ORDER =
            Map.of("tinyint", 1, "smallint", 2, "int", 3, "bigint", 4, "decimal", 5, "float", 6, "double", 7);

    private TableRules() {}

    /**
     * MetastoreDefaultTransformer.transformCreateTable for a table of catalog hive: a managed table
     * that is not transactional becomes external, purged on drop, marked TRANSLATED_TO_EXTERNAL; a
     * transactional one needs the processor capabilities to write it. The default location the
     * translation gives (the database's external location) is the one the facade gives anyway.
     */
    static void translateForCreate(Table table, List<String> capabilities) {
        translateForCreate(table, capabilities, true);
    }

    /**
     * {@link #translateForCreate(Table, List)}, where {@code translate} false keeps a managed table that is
     * not transactional managed, as HMS 3.1 (which has no transformer) does. A transactional one still needs
     * the capabilities: Lakegate keeps no transactions.
     */
    static void translateForCreate(Table table, List<String> capabilities, boolean translate) {
        if (!HiveRules.MANAGED_TABLE.equals(table.getTableType())) {
            return;
        }
        Map<String, String> parameters = table.getParameters();
        boolean insertOnly = "insert_only".equalsIgnoreCase(parameters.get(HiveRules.TRANSACTIONAL_PROPERTIES));
        if (translatesToExternal(parameters)) {
            if (!translate) {
                return;
            }
            table.setTableType(HiveRules.EXTERNAL_TABLE);
            parameters.remove(HiveRules.TRANSACTIONAL);
            parameters.remove(HiveRules.TRANSACTIONAL_PROPERTIES);
            parameters.put(HiveRules.EXTERNAL, "TRUE");
            parameters.put(HiveRules.EXTERNAL_TABLE_PURGE, "TRUE");
            parameters.put(HiveRules.TRANSLATED_TO_EXTERNAL, "TRUE");
            return;
        }
        if (capabilities == null || capabilities.isEmpty()) {
            throw dev.lakegate.translator.error.HmsFailure.meta(
                    "Processor has no capabilities, cannot create an ACID table.");
        }
        if (insertOnly && !capabilities.contains(MANAGED_INSERT_WRITE)) {
            throw dev.lakegate.translator.error.HmsFailure.meta(
                    "Processor does not have capabilities to create a INSERT ACID table:"
                            + missing(MANAGED_INSERT_WRITE, capabilities));
        }
        if (!insertOnly && !capabilities.contains(FULL_ACID_WRITE)) {
            throw dev.lakegate.translator.error.HmsFailure.meta(
                    "Processor does not have capabilities to create a FULL ACID table:"
                            + missing(FULL_ACID_WRITE, capabilities));
        }
    }

    /** The write capabilities every ACID writer needs besides its own kind's (ACIDCOMMONWRITELIST). */
    private static final List<String> COMMON_ACID_WRITES =
            List.of("HIVEMANAGESTATS", "HIVECACHEINVALIDATE", "CONNECTORWRITE");

    /** What the refusal lists: the kind's write capability and the common ones, less those the processor has. */
    private static List<String> missing(String kind, List<String> capabilities) {
        List<String> needed = new ArrayList<>();
        needed.add(kind);
        needed.addAll(COMMON_ACID_WRITES);
        needed.removeAll(capabilities);
        return needed;
    }

    /**
     * Whether a managed table of these parameters is not transactional, so that the transformer makes
     * it external: neither {@code transactional=true} nor insert-only, unless the legacy CTAS setting
     * asks for it.
     */
    static boolean translatesToExternal(Map<String, String> parameters) {
        String transactional = parameters.get(HiveRules.TRANSACTIONAL);
        boolean insertOnly = "insert_only".equalsIgnoreCase(parameters.get(HiveRules.TRANSACTIONAL_PROPERTIES));
        boolean nonAcid = transactional == null || transactional.equalsIgnoreCase("FALSE");
        boolean legacyCtas = "true".equalsIgnoreCase(parameters.get(HiveRules.CTAS_LEGACY_CONFIG));
        return (nonAcid && !insertOnly) || (legacyCtas && nonAcid);
    }

    /** MetastoreDefaultTransformer.isTranslatedToExternalTable. */
    static boolean isTranslatedToExternal(Table table) {
        return HiveRules.isPropertyTrue(table.getParameters(), HiveRules.EXTERNAL)
                && HiveRules.isPropertyTrue(table.getParameters(), HiveRules.TRANSLATED_TO_EXTERNAL)
                && table.getSd() != null
                && table.getSd().isSetLocation();
    }

    /** HiveAlterHandler.checkPartialPartKeysEqual: same count, names and types; comments may change. */
    static boolean samePartitionKeys(List<FieldSchema> before, List<FieldSchema> after) {
        List<FieldSchema> old = before == null ? List.of() : before;
        List<FieldSchema> next = after == null ? List.of() : after;
        if (old.size() != next.size()) {
            return false;
        }
        for (int i = 0; i < old.size(); i++) {
            if (!equalsLower(old.get(i).getName(), next.get(i).getName())
                    || !equalsLower(old.get(i).getType(), next.get(i).getType())) {
                return false;
            }
        }
        return true;
    }

    private static boolean equalsLower(String a, String b) {
        return a == null ? b == null : b != null && a.toLowerCase(Locale.ROOT).equals(b.toLowerCase(Locale.ROOT));
    }

    /**
     * DefaultIncompatibleTableChangeHandler (metastore.disallow.incompatible.col.type.changes is on by
     * default): the columns, by position, whose new type cannot hold the old one's values; serdes
     * Hive lets change types freely (Kudu, Iceberg) are excepted.
     */
    static List<String> incompatibleColumns(Table before, Table after) {
        List<String> incompatible = new ArrayList<>();
        if (HiveRules.isView(before)) {
            return incompatible;
        }
        String serde = before.getSd() == null || before.getSd().getSerdeInfo() == null
                ? null
                : before.getSd().getSerdeInfo().getSerializationLib();
        if ("org.apache.hadoop.hive.kudu.KuduSerDe".equals(serde)
                || "org.apache.iceberg.mr.hive.HiveIcebergSerDe".equals(serde)) {
            return incompatible;
        }
        List<FieldSchema> oldColumns = before.getSd().getCols();
        List<FieldSchema> newColumns = after.getSd().getCols();
        for (int i = 0; i < Math.min(oldColumns.size(), newColumns.size()); i++) {
            if (!compatible(
                    typeName(oldColumns.get(i).getType()),
                    typeName(newColumns.get(i).getType()))) {
                incompatible.add(newColumns.get(i).getName());
            }
        }
        return incompatible;
    }

    /** The names a column type may start with (ColumnType.AllTypes), in lower case only, as HMS checks them. */
    private static final Set<String> TYPE_NAMES = Set.of(
            "void",
            "boolean",
            "tinyint",
            "smallint",
            "int",
            "bigint",
            "float",
            "double",
            "string",
            "char",
            "varchar",
            "date",
            "datetime",
            "timestamp",
            "decimal",
            "binary",
            "interval_year_month",
            "interval_day_time",
            "array",
            "map",
            "struct",
            "uniontype");

    /** What a table written by a SerDe that knows its own columns says for each column's type. */
    private static final String FROM_DESERIALIZER = "<derived from deserializer>";

    /**
     * MetaStoreServerUtils.validateTblColumns: the first column whose type does not start with a known
     * type name ({@code INT}, {@code String} do not: HMS compares without folding case), or null. Only
     * the leading word is checked, as in HMS; the rest is parsed when the column is translated.
     */
    /** Every column has a name and a type; HMS fails on a null one with a NullPointerException (MetaException). */
    static void requireNamesAndTypes(String table, List<FieldSchema> columns) {
        if (columns == null) {
            return;
        }
        for (FieldSchema column : columns) {
            if (column.getName() == null) {
                throw HmsFailure.meta("A column of table " + table + " has no name");
            }
            if (column.getType() == null) {
                throw HmsFailure.meta("Column " + column.getName() + " of table " + table + " has no type");
            }
        }
    }

    static String invalidColumnType(List<FieldSchema> columns) {
        if (columns == null) {
            return null;
        }
        for (FieldSchema column : columns) {
            String type = column.getType();
            if (type == null || type.isEmpty()) {
                return type;
            }
            if (type.equals(FROM_DESERIALIZER)) {
                continue;
            }
            int end = 1;
            boolean word = isTypeNameChar(type.charAt(0));
            while (end < type.length() && isTypeNameChar(type.charAt(end)) == word) {
                end++;
            }
            if (!TYPE_NAMES.contains(type.substring(0, end))) {
                return type;
            }
        }
        return null;
    }

    private static boolean isTypeNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /** ColumnType.getTypeName. */
    private static String typeName(String type) {
        if (type == null) {
            return "";
        }
        String proto = type.toLowerCase(Locale.ROOT).split("\\W")[0];
        return switch (proto) {
            case "integer" -> "int";
            case "numeric" -> "decimal";
            default -> proto;
        };
    }

    /** ColumnType.areColTypesCompatible. */
    private static boolean compatible(String from, String to) {
        if (from.equals(to)) {
            return true;
        }
        if (PRIMITIVE.contains(from) && PRIMITIVE.contains(to)) {
            if (STRINGS.contains(from) && STRINGS.contains(to)) {
                return true;
            }
            if (NUMERIC_ORDER.containsKey(from) && NUMERIC_ORDER.containsKey(to)) {
                return NUMERIC_ORDER.get(from) < NUMERIC_ORDER.get(to);
            }
            if (from.equals("void")) {
                return true;
            }
            if (DATE_TIMES.contains(from) && STRINGS.contains(to)) {
                return true;
            }
            return NUMERIC_ORDER.containsKey(from) && STRINGS.contains(to);
        }
        return false;
    }

    /** MetaStoreServerUtils.validateBucketColumns: bucket columns that are not columns. */
    static List<String> unknownBucketColumns(StorageDescriptor sd) {
        List<String> unknown = new ArrayList<>();
        if (sd.getBucketCols() == null || sd.getBucketCols().isEmpty()) {
            return unknown;
        }
        List<String> names = new ArrayList<>();
        for (FieldSchema column : sd.getCols() == null ? List.<FieldSchema>of() : sd.getCols()) {
            names.add(HiveRules.lower(column.getName()));
        }
        for (String bucket : sd.getBucketCols()) {
            if (!names.contains(HiveRules.lower(bucket))) {
                unknown.add(HiveRules.lower(bucket));
            }
        }
        return unknown;
    }

    /** MetaStoreServerUtils.areSameColumns: names (without case), types and comments. */
    static boolean sameColumns(List<FieldSchema> before, List<FieldSchema> after) {
        if (before.size() != after.size()) {
            return false;
        }
        for (int i = 0; i < before.size(); i++) {
            FieldSchema a = before.get(i);
            FieldSchema b = after.get(i);
            if (!equalsLower(a.getName(), b.getName())
                    || !java.util.Objects.equals(a.getType(), b.getType())
                    || !java.util.Objects.equals(a.getComment(), b.getComment())) {
                return false;
            }
        }
        return true;
    }

    static Map<String, String> mutable(Map<String, String> map) {
        return map == null ? new HashMap<>() : new HashMap<>(map);
    }
}

package dev.lakegate.hms.handler.tables;

import dev.lakegate.translator.error.HmsFailure;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.GetProjectionsSpec;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * {@code get_table_objects_by_name_req}'s projection as HMS 4.0 applies it (HMSHandler, TableFields,
 * ObjectStore.getTableObjectsByName): the field names are checked against TableFields' list; when
 * every requested field is single-valued only those are set, otherwise (or with no field list) the
 * whole tables come back. Include/exclude parameter patterns without a field list are refused; with
 * one, HMS ignores them, and so does the facade.
 */
public final class TableProjections {

    private static final Set<String> SINGLE_VALUED = Set.of(
            "id",
            "tableName",
            "dbName",
            "owner",
            "ownerType",
            "createTime",
            "lastAccessTime",
            "retention",
            "sd.location",
            "sd.inputFormat",
            "sd.outputFormat",
            "sd.compressed",
            "sd.numBuckets",
            "sd.serdeInfo.name",
            "sd.serdeInfo.serializationLib",
            "sd.serdeInfo.description",
            "sd.serdeInfo.serializerClass",
            "sd.serdeInfo.deserializerClass",
            "sd.serdeInfo.serdeType",
            "sd.storedAsSubDirectories",
            "viewOriginalText",
            "viewExpandedText",
            "rewriteEnabled",
            "tableType",
            "writeId");
    private static final Set<String> MULTI_VALUED = Set.of(
            "values",
            "sd.cols.name",
            "sd.cols.type",
            "sd.cols.comment",
            "sd.serdeInfo.parameters",
            "sd.bucketCols",
            "sd.sortCols.col",
            "sd.sortCols.order",
            "sd.parameters",
            "sd.skewedInfo.skewedColNames",
            "sd.skewedInfo.skewedColValues",
            "sd.skewedInfo.skewedColValueLocationMaps",
            "partitionKeys.name",
            "partitionKeys.type",
            "partitionKeys.comment",
            "parameters");

    private TableProjections() {}

    /** The fields to keep, or null for whole tables. */
    public static List<String> fields(GetProjectionsSpec projection) {
        if (projection == null) {
            return null;
        }
        if (!projection.isSetFieldList()
                && (projection.isSetIncludeParamKeyPattern() || projection.isSetExcludeParamKeyPattern())) {
            throw HmsFailure.of(
                    "Include and Exclude Param key are not supported.",
                    InvalidOperationException.class,
                    MetaException.class);
        }
        List<String> fields = projection.getFieldList();
        if (fields == null || fields.isEmpty()) {
            return null;
        }
        Set<String> unknown = new TreeSet<>(fields);
        unknown.removeAll(SINGLE_VALUED);
        unknown.removeAll(MULTI_VALUED);
        if (!unknown.isEmpty()) {
            throw HmsFailure.meta("Invalid table fields in the projection spec" + unknown);
        }
        return SINGLE_VALUED.containsAll(fields) ? List.copyOf(new LinkedHashSet<>(fields)) : null;
    }

    public static Table apply(Table table, List<String> fields) {
        if (fields == null) {
            return table;
        }
        Table result = new Table();
        for (String field : fields) {
            switch (field) {
                case "id" -> copy(table, result, Table._Fields.ID);
                case "tableName" -> copy(table, result, Table._Fields.TABLE_NAME);
                case "dbName" -> copy(table, result, Table._Fields.DB_NAME);
                case "owner" -> copy(table, result, Table._Fields.OWNER);
                case "ownerType" -> copy(table, result, Table._Fields.OWNER_TYPE);
                case "createTime" -> copy(table, result, Table._Fields.CREATE_TIME);
                case "lastAccessTime" -> copy(table, result, Table._Fields.LAST_ACCESS_TIME);
                case "retention" -> copy(table, result, Table._Fields.RETENTION);
                case "viewOriginalText" -> copy(table, result, Table._Fields.VIEW_ORIGINAL_TEXT);
                case "viewExpandedText" -> copy(table, result, Table._Fields.VIEW_EXPANDED_TEXT);
                case "rewriteEnabled" -> copy(table, result, Table._Fields.REWRITE_ENABLED);
                case "tableType" -> copy(table, result, Table._Fields.TABLE_TYPE);
                case "writeId" -> copy(table, result, Table._Fields.WRITE_ID);
                default -> storage(table, result, field);
            }
        }
        return result;
    }

    private static void storage(Table table, Table result, String field) {
        StorageDescriptor from = table.getSd();
        if (from == null) {
            return;
        }
        if (!result.isSetSd()) {
            result.setSd(new StorageDescriptor());
        }
        StorageDescriptor to = result.getSd();
        if (field.startsWith("sd.serdeInfo.")) {
            SerDeInfo serde = from.getSerdeInfo();
            if (serde == null) {
                return;
            }
            if (!to.isSetSerdeInfo()) {
                to.setSerdeInfo(new SerDeInfo());
            }
            SerDeInfo._Fields name = SerDeInfo._Fields.findByName(field.substring("sd.serdeInfo.".length()));
            if (serde.isSet(name)) {
                to.getSerdeInfo().setFieldValue(name, serde.getFieldValue(name));
            }
            return;
        }
        String name = field.substring("sd.".length());
        StorageDescriptor._Fields sdField = StorageDescriptor._Fields.findByName(name);
        if (sdField != null && from.isSet(sdField)) {
            to.setFieldValue(sdField, from.getFieldValue(sdField));
        }
    }

    private static void copy(Table from, Table to, Table._Fields field) {
        if (from.isSet(field)) {
            to.setFieldValue(field, from.getFieldValue(field));
        }
    }
}

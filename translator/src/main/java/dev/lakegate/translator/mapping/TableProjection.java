package dev.lakegate.translator.mapping;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.api.GetProjectionsSpec;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * {@code get_table_objects_by_name_req}'s projection ({@code GetTablesRequest.projectionSpec}): only
 * the listed fields ({@code "owner"}, {@code "sd.location"}, ...) are set, and parameters are kept
 * or dropped by key with the include/exclude patterns, which HMS reads as SQL LIKE patterns. An
 * empty field list keeps every field, as in HMS. A requested collection is never null.
 */
public final class TableProjection {

    private TableProjection() {}

    public static Table apply(Table table, GetProjectionsSpec projection) {
        if (projection == null) {
            return table;
        }
        Table result;
        List<String> fields = projection.getFieldList();
        if (fields == null || fields.isEmpty()) {
            result = table.deepCopy();
        } else {
            result = new Table();
            StorageDescriptor sd = null;
            for (String field : fields) {
                if (field.startsWith("sd.")) {
                    if (sd == null) {
                        sd = new StorageDescriptor();
                        result.setSd(sd);
                    }
                    copy(table.getSd(), sd, field.substring(3));
                } else if (field.equals("sd")) {
                    result.setSd(table.getSd() == null ? null : table.getSd().deepCopy());
                    sd = result.getSd();
                } else {
                    copy(table, result, field);
                }
            }
        }
        if (result.getParameters() != null) {
            result.setParameters(filter(
                    result.getParameters(),
                    projection.getIncludeParamKeyPattern(),
                    projection.getExcludeParamKeyPattern()));
        }
        return result;
    }

    private static void copy(Table from, Table to, String name) {
        Table._Fields field = Table._Fields.findByName(name);
        if (field == null) {
            throw dev.lakegate.translator.error.HmsFailure.meta("Invalid field name " + name);
        }
        if (from.isSet(field)) {
            to.setFieldValue(field, from.getFieldValue(field));
        }
    }

    private static void copy(StorageDescriptor from, StorageDescriptor to, String name) {
        StorageDescriptor._Fields field = StorageDescriptor._Fields.findByName(name);
        if (field == null) {
            throw dev.lakegate.translator.error.HmsFailure.meta("Invalid field name sd." + name);
        }
        if (from != null && from.isSet(field)) {
            to.setFieldValue(field, from.getFieldValue(field));
        }
    }

    private static Map<String, String> filter(Map<String, String> parameters, String include, String exclude) {
        Pattern included = include == null || include.isEmpty() ? null : like(include);
        Pattern excluded = exclude == null || exclude.isEmpty() ? null : like(exclude);
        Map<String, String> kept = new HashMap<>();
        parameters.forEach((key, value) -> {
            if ((included == null || included.matcher(key).matches())
                    && (excluded == null || !excluded.matcher(key).matches())) {
                kept.put(key, value);
            }
        });
        return kept;
    }

    private static Pattern like(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}

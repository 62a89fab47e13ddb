package dev.lakegate.translator.types;

import dev.lakegate.catalog.v1.DataType;
import dev.lakegate.catalog.v1.Field;
import java.util.regex.Pattern;

/**
 * Hive's canonical spelling of a type: lower case, no spaces except inside
 * {@code timestamp with local time zone}, decimals always with precision and scale. Types that only
 * the native catalog has print as Hive sees them through Iceberg: uuid and time as string, fixed as
 * binary.
 */
final class HiveTypePrinter {

    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_$.]+");

    private HiveTypePrinter() {}

    static String print(DataType type) {
        StringBuilder out = new StringBuilder();
        print(type, out);
        return out.toString();
    }

    private static void print(DataType type, StringBuilder out) {
        switch (type.getTypeCase()) {
            case PRIMITIVE -> out.append(primitive(type));
            case DECIMAL ->
                out.append("decimal(")
                        .append(type.getDecimal().getPrecision())
                        .append(',')
                        .append(type.getDecimal().getScale())
                        .append(')');
            case CHAR -> out.append("char(").append(type.getChar().getLength()).append(')');
            case VARCHAR ->
                out.append("varchar(").append(type.getVarchar().getLength()).append(')');
            case FIXED -> out.append("binary");
            case LIST -> {
                out.append("array<");
                print(type.getList().getElement().getType(), out);
                out.append('>');
            }
            case MAP -> {
                out.append("map<");
                print(type.getMap().getKey().getType(), out);
                out.append(',');
                print(type.getMap().getValue().getType(), out);
                out.append('>');
            }
            case STRUCT -> {
                out.append("struct<");
                boolean first = true;
                for (Field field : type.getStruct().getFieldsList()) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    name(field.getName(), out);
                    out.append(':');
                    print(field.getType(), out);
                }
                out.append('>');
            }
            case UNION -> {
                out.append("uniontype<");
                boolean first = true;
                for (DataType alternative : type.getUnion().getAlternativesList()) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    print(alternative, out);
                }
                out.append('>');
            }
            case TYPE_NOT_SET -> throw new HiveTypeException("a data type without a type cannot be named in Hive");
        }
    }

    /** Backquotes only names that would not read back plainly; Hive itself never quotes. */
    private static void name(String name, StringBuilder out) {
        if (PLAIN_NAME.matcher(name).matches()) {
            out.append(name);
        } else {
            out.append('`').append(name.replace("`", "``")).append('`');
        }
    }

    private static String primitive(DataType type) {
        return switch (type.getPrimitive()) {
            case BOOLEAN -> "boolean";
            case INT8 -> "tinyint";
            case INT16 -> "smallint";
            case INT32 -> "int";
            case INT64 -> "bigint";
            case FLOAT32 -> "float";
            case FLOAT64 -> "double";
            case STRING, UUID, TIME -> "string";
            case BINARY -> "binary";
            case DATE -> "date";
            case TIMESTAMP -> "timestamp";
            case TIMESTAMP_TZ -> "timestamp with local time zone";
            case INTERVAL_YEAR_MONTH -> "interval_year_month";
            case INTERVAL_DAY_TIME -> "interval_day_time";
            case VOID -> "void";
            case PRIMITIVE_TYPE_UNSPECIFIED, UNRECOGNIZED ->
                throw new HiveTypeException("primitive type " + type.getPrimitive() + " cannot be named in Hive");
        };
    }
}

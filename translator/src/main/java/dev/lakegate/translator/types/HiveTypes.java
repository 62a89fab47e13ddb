package dev.lakegate.translator.types;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.DataType;

/**
 * Hive type strings and the native {@link DataType}, both ways. Parsing is case-insensitive and
 * tolerates whitespace; printing gives Hive's canonical form ({@code decimal(10,2)},
 * {@code struct<a:int,b:string>}), so a type round-trips to its canonical spelling. Nested field
 * ids are left 0 for the catalog to assign.
 */
public final class HiveTypes {

    private HiveTypes() {}

    /** @throws HiveTypeException if the text is not a Hive type */
    public static DataType parse(String text) {
        requireNonNull(text, "text is null");
        return HiveTypeParser.parse(text);
    }

    /** @throws HiveTypeException for a type Hive cannot name (unset) */
    public static String print(DataType type) {
        requireNonNull(type, "type is null");
        return HiveTypePrinter.print(type);
    }

    /** Whether the type is tinyint, smallint, int or bigint: partition filters compare these as numbers. */
    public static boolean isIntegral(DataType type) {
        if (type.getTypeCase() != DataType.TypeCase.PRIMITIVE) {
            return false;
        }
        return switch (type.getPrimitive()) {
            case INT8, INT16, INT32, INT64 -> true;
            default -> false;
        };
    }
}

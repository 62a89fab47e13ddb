package dev.lakegate.translator.filter;

import java.util.Locale;

/** How HMS filters a partition key of a given type: the families its direct SQL tells apart. */
enum KeyType {
    STRING,
    INTEGRAL,
    DATE,
    TIMESTAMP,
    OTHER;

    static KeyType of(String hiveType) {
        String name = hiveType == null ? "" : hiveType.trim().toLowerCase(Locale.ROOT);
        int parenthesis = name.indexOf('(');
        if (parenthesis >= 0) {
            name = name.substring(0, parenthesis).trim();
        }
        return switch (name) {
            case "string", "char", "varchar" -> STRING;
            case "tinyint", "smallint", "int", "bigint" -> INTEGRAL;
            case "date" -> DATE;
            case "timestamp" -> TIMESTAMP;
            default -> OTHER;
        };
    }
}

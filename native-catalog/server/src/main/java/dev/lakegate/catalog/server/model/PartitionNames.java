package dev.lakegate.catalog.server.model;

import java.util.List;

/**
 * Names of partitions as directories name them: {@code k1=v1/k2=v2}, each key and value escaped the
 * way Hive escapes path names, an empty value written as the default partition. The catalog sorts and
 * pages partitions by this name, so that listings come in the order Hive users know.
 */
public final class PartitionNames {

    public static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

    private static final boolean[] ESCAPED = new boolean[128];

    static {
        for (char c = 1; c < ' '; c++) {
            ESCAPED[c] = true;
        }
        for (char c : "\"#%'*/:=?\\\u007F{[]^".toCharArray()) {
            ESCAPED[c] = true;
        }
    }

    private PartitionNames() {}

    public static String name(List<PartitionKey> keys, List<String> values) {
        if (keys.size() != values.size()) {
            throw new IllegalArgumentException("expected " + keys.size() + " partition values, got " + values.size());
        }
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            if (i > 0) {
                name.append('/');
            }
            escape(keys.get(i).name(), name);
            name.append('=');
            String value = values.get(i);
            if (value == null || value.isEmpty()) {
                name.append(DEFAULT_PARTITION);
            } else {
                escape(value, name);
            }
        }
        return name.toString();
    }

    private static void escape(String text, StringBuilder out) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < ESCAPED.length && ESCAPED[c]) {
                out.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            } else {
                out.append(c);
            }
        }
    }
}

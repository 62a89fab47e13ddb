package dev.lakegate.translator.names;

import dev.lakegate.translator.error.HmsFailure;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.MetaException;

/**
 * Partition names as Hive writes them: {@code k1=v1/k2=v2}, key (lower-cased) and value escaped as
 * path names, a null or empty value written as {@value #DEFAULT_PARTITION_NAME}; and read back, as
 * Warehouse.makeSpecFromName and HMSHandler.partition_name_to_vals read them.
 */
public final class PartitionNames {

    public static final String DEFAULT_PARTITION_NAME = "__HIVE_DEFAULT_PARTITION__";

    /** Control characters 0x00-0x1F, DEL and {@code "#%'*\/:=?\{[]^}: FileUtils.escapePathName's set. */
    private static final BitSet ESCAPED = new BitSet(128);

    static {
        ESCAPED.set(0, ' ');
        for (char c : "\"#%'*/:=?\\\u007F{[]^".toCharArray()) {
            ESCAPED.set(c);
        }
    }

    private PartitionNames() {}

    public static String escape(String text) {
        if (text == null || text.isEmpty()) {
            return DEFAULT_PARTITION_NAME;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 128 && ESCAPED.get(c)) {
                out.append('%').append(String.format(Locale.ROOT, "%02X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * Undoes {@link #escape}: each {@code %} followed by two characters that parse as a hexadecimal
     * number becomes that character. As in Hive, {@code %} not followed so stays as it is.
     */
    public static String unescape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < text.length()) {
                int code = hex(text.substring(i + 1, i + 3));
                if (code >= 0) {
                    out.append((char) code);
                    i += 2;
                    continue;
                }
            }
            out.append(c);
        }
        return out.toString();
    }

    /** Integer.parseInt(s, 16) as Hive uses it, so "+A" counts and "-1" does not. */
    private static int hex(String digits) {
        try {
            return Integer.parseInt(digits, 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** {@code k1=v1/k2=v2}; keys lower-cased; Warehouse.makePartName's error for a count mismatch. */
    public static String name(List<String> keys, List<String> values) {
        if (keys.size() != values.size() || keys.isEmpty()) {
            StringBuilder message = new StringBuilder("Invalid partition key & values; keys [");
            keys.forEach(key -> message.append(key).append(", "));
            message.append("], values [");
            values.forEach(value -> message.append(value).append(", "));
            throw HmsFailure.meta(message.append(']').toString());
        }
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            if (i > 0) {
                name.append('/');
            }
            name.append(escape(keys.get(i).toLowerCase(Locale.ROOT)))
                    .append('=')
                    .append(escape(values.get(i)));
        }
        return name.toString();
    }

    /**
     * partition_name_to_spec: each {@code key=value} component, unescaped, in order; components
     * without a key and a value are skipped, empty components (doubled or trailing slashes) too.
     * The key is everything up to the last {@code =} of its component, as Hive's pattern reads it.
     * An empty name gives an empty spec.
     */
    public static Map<String, String> toSpec(String name) {
        Map<String, String> spec = new LinkedHashMap<>();
        if (name == null || name.isEmpty()) {
            return spec;
        }
        for (String component : name.split("/")) {
            int equals = component.lastIndexOf('=');
            if (equals <= 0 || equals == component.length() - 1) {
                continue;
            }
            spec.put(unescape(component.substring(0, equals)), unescape(component.substring(equals + 1)));
        }
        return spec;
    }

    /** partition_name_to_vals: the values of {@link #toSpec}, in order. */
    public static List<String> toValues(String name) {
        return new ArrayList<>(toSpec(name).values());
    }

    /**
     * The values of a table's partition named {@code name}, in key order, as HMSHandler's
     * getPartValsFromName finds them: keys must appear in the name exactly as stored (lower-case).
     */
    public static List<String> valuesFor(String name, List<String> keys) {
        if (name == null || name.isEmpty()) {
            throw HmsFailure.meta("Partition name is invalid. " + name);
        }
        Map<String, String> spec = toSpec(name);
        List<String> values = new ArrayList<>(keys.size());
        for (String key : keys) {
            String value = spec.get(key);
            if (value == null) {
                throw HmsFailure.of(
                        "incomplete partition name - missing " + key,
                        InvalidObjectException.class,
                        MetaException.class);
            }
            values.add(value);
        }
        return values;
    }

    /** Checks that there is one value per key, with Warehouse.makePartName's message otherwise. */
    public static void checkValues(List<String> keys, List<String> values) {
        name(keys, values);
    }
}

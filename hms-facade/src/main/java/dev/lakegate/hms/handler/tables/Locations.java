package dev.lakegate.hms.handler.tables;

import java.util.regex.Pattern;

/**
 * Locations as HMS writes them (Warehouse.getDnsPath over Hadoop's Path): a path without a scheme
 * takes the warehouse's scheme and authority, {@code file:///x} is {@code file:/x}, and no trailing
 * slash; plus the path tests HMS makes (FileUtils.isSubdirectory).
 */
public final class Locations {

    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");

    private Locations() {}

    /** The location qualified against the warehouse root; null and blank stay as they are. */
    public static String qualify(String location, String warehouseRoot) {
        if (location == null || location.isBlank()) {
            return location;
        }
        String result = location.trim();
        if (!SCHEME.matcher(result).matches() && result.startsWith("/")) {
            result = schemeAndAuthority(warehouseRoot) + result;
        }
        if (result.startsWith("file:///")) {
            result = "file:/" + result.substring("file:///".length());
        } else if (result.startsWith("file://localhost/")) {
            result = "file:/" + result.substring("file://localhost/".length());
        }
        return strip(result);
    }

    /**
     * {@code hdfs://nn:8020} of {@code hdfs://nn:8020/warehouse}, {@code file:} of {@code file:/x}, "" of
     * {@code /x}.
     */
    static String schemeAndAuthority(String root) {
        if (!SCHEME.matcher(root).matches()) {
            return "";
        }
        int colon = root.indexOf(':');
        String rest = root.substring(colon + 1);
        if (rest.startsWith("//")) {
            int slash = rest.indexOf('/', 2);
            return root.substring(0, colon + 1) + (slash < 0 ? rest : rest.substring(0, slash));
        }
        return root.substring(0, colon + 1);
    }

    /** FileUtils.isSubdirectory: {@code child} is strictly below {@code parent}. */
    public static boolean isBelow(String parent, String child) {
        if (parent == null || child == null) {
            return false;
        }
        String prefix = parent.endsWith("/") ? parent : parent + "/";
        return child.startsWith(prefix);
    }

    public static String child(String parent, String name) {
        return strip(parent) + "/" + name;
    }

    static String strip(String location) {
        String result = location;
        while (result.length() > 1 && result.endsWith("/") && !result.endsWith(":/")) {
            result = result.substring(0, result.length() - 1);
        }
        return result;
    }
}

package dev.lakegate.hms.handler.tables;

import dev.lakegate.translator.error.HmsFailure;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Locations as HMS writes them (Warehouse.getDnsPath over Hadoop's Path): a path without a scheme
 * takes the warehouse's scheme and authority, {@code file:///x} is {@code file:/x}, and no trailing
 * slash; plus the path tests HMS makes (FileUtils.isSubdirectory).
 */
public final class Locations {

    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");

    /**
     * The file systems a location may name. HMS accepts a scheme when a Hadoop FileSystem for it is on its
     * classpath, and engines write where theirs are; these are the ones Hadoop, its cloud connectors and the
     * lake engines ship. A location of any other scheme is refused as HMS refuses it, rather than recorded
     * where no engine could read it.
     */
    static final Set<String> FILE_SYSTEMS = Set.of(
            "file",
            "hdfs",
            "viewfs",
            "webhdfs",
            "swebhdfs",
            "har",
            "s3",
            "s3a",
            "s3n",
            "gs",
            "abfs",
            "abfss",
            "wasb",
            "wasbs",
            "adl",
            "oss",
            "cosn",
            "obs",
            "ofs",
            "o3fs",
            "jfs",
            "alluxio");

    private Locations() {}

    /**
     * Refuses a location HMS refuses, with HMS's words: one that Hadoop's Path cannot read as a URI, and one
     * of a file system HMS has none for. HMS finds both when it makes or checks the directory (create and alter
     * of databases and tables, adding partitions); null and blank are the caller's to decide.
     */
    public static void check(String location) {
        if (location == null || location.isBlank()) {
            return;
        }
        String scheme = scheme(location.trim());
        if (scheme != null && !FILE_SYSTEMS.contains(scheme.toLowerCase(Locale.ROOT))) {
            throw HmsFailure.meta("Got exception: org.apache.hadoop.fs.UnsupportedFileSystemException No FileSystem"
                    + " for scheme \"" + scheme + "\"");
        }
    }

    /**
     * The scheme of a location read as Hadoop's Path reads it (a scheme is what comes before a colon that
     * precedes any slash, an authority follows {@code //}), or null; what java.net.URI refuses of those parts
     * is refused with the message HMS passes on from it.
     */
    private static String scheme(String location) {
        int colon = location.indexOf(':');
        int slash = location.indexOf('/');
        String scheme = null;
        int start = 0;
        if (colon != -1 && (slash == -1 || colon < slash)) {
            scheme = location.substring(0, colon);
            start = colon + 1;
        }
        String authority = null;
        if (location.startsWith("//", start) && location.length() - start > 2) {
            int next = location.indexOf('/', start + 2);
            int end = next > 0 ? next : location.length();
            authority = location.substring(start + 2, end);
            start = end;
        }
        try {
            new URI(scheme, authority, location.substring(start), null, null);
        } catch (URISyntaxException e) {
            throw HmsFailure.meta("java.lang.IllegalArgumentException: " + e);
        }
        return scheme;
    }

    /**
     * The location qualified against the warehouse root, once {@link #check}ed; null and blank stay as they
     * are.
     */
    public static String qualify(String location, String warehouseRoot) {
        if (location == null || location.isBlank()) {
            return location;
        }
        check(location);
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

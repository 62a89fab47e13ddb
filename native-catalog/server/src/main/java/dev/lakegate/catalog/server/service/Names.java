package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Names of namespaces, tables and functions: letters, digits, {@code _}, {@code -} and {@code $},
 * not starting with {@code -} or {@code $}. They are case-insensitive, so the catalog keeps them in
 * lower case and both doors (HMS and native) see one name for one object.
 */
public final class Names {

    public static final int MAX_CATALOG_LENGTH = 256;
    public static final int MAX_NAMESPACE_LENGTH = 128;
    public static final int MAX_TABLE_LENGTH = 256;
    public static final int MAX_FUNCTION_LENGTH = 256;

    private static final Pattern VALID = Pattern.compile("[\\p{L}\\p{N}_][\\p{L}\\p{N}_$-]*");

    private Names() {}

    public static String catalog(String name) {
        return normalize("catalog", name, MAX_CATALOG_LENGTH);
    }

    /** A catalog a request names, or the default one when it names none. */
    public static String catalogOrDefault(String name) {
        return name == null || name.isEmpty() ? NamedCatalog.DEFAULT : catalog(name);
    }

    public static String namespace(String name) {
        return normalize("namespace", name, MAX_NAMESPACE_LENGTH);
    }

    public static String table(String name) {
        return normalize("table", name, MAX_TABLE_LENGTH);
    }

    public static String function(String name) {
        return normalize("function", name, MAX_FUNCTION_LENGTH);
    }

    /** Whether some valid table name starts with the text (in any case). */
    public static boolean isNameStart(String text) {
        return text.length() <= MAX_TABLE_LENGTH && VALID.matcher(text).matches();
    }

    public static TableIdentifier table(TableIdentifier identifier) {
        return new TableIdentifier(
                catalogOrDefault(identifier.catalog()), namespace(identifier.namespace()), table(identifier.name()));
    }

    private static String normalize(String what, String name, int maxLength) {
        if (name == null || name.isEmpty()) {
            throw CatalogException.invalidArgument(what, what + " name is empty");
        }
        if (name.length() > maxLength) {
            throw CatalogException.invalidArgument(
                    what,
                    what + " name is " + name.length() + " characters long, more than the " + maxLength + " allowed");
        }
        if (!VALID.matcher(name).matches()) {
            throw CatalogException.invalidArgument(
                    what,
                    what + " name '" + name + "' is not valid: use letters, digits, '_', '-' and '$', "
                            + "starting with a letter, digit or '_'");
        }
        return name.toLowerCase(Locale.ROOT);
    }
}

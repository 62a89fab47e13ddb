package dev.lakegate.translator.names;

import java.util.Locale;

/** HMS identifiers: stored trimmed and lower-case, matched without case. */
public final class HiveNames {

    /** The catalog of objects whose call names none, as Hive 3+ clients name it. */
    public static final String DEFAULT_CATALOG = "hive";

    private HiveNames() {}

    /** HMS's normalizeIdentifier: trimmed and lower-cased; null stays null. */
    public static String normalize(String name) {
        return name == null ? null : name.trim().toLowerCase(Locale.ROOT);
    }

    /** A catalog as a call names it (null or empty: the default one), normalized. */
    public static String catalogOrDefault(String catalog) {
        return catalog == null || catalog.isBlank() ? DEFAULT_CATALOG : normalize(catalog);
    }

    /** The catalog of a native object ({@code hive} when it names none). */
    public static String catalogOfNative(String catalog) {
        return catalog.isEmpty() ? DEFAULT_CATALOG : catalog;
    }

    /** {@code cat.db.table}, as HMS 3.x/4.x name a table in messages. */
    public static String qualified(String catalog, String database, String table) {
        return catalog + "." + database + "." + table;
    }
}

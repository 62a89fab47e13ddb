package dev.lakegate.translator.names;

import java.util.Locale;

/** HMS identifiers: stored trimmed and lower-case, matched without case. */
public final class HiveNames {

    /** The catalog every object of Lakegate belongs to, as Hive 3+ clients name it. */
    public static final String DEFAULT_CATALOG = "hive";

    private HiveNames() {}

    /** HMS's normalizeIdentifier: trimmed and lower-cased; null stays null. */
    public static String normalize(String name) {
        return name == null ? null : name.trim().toLowerCase(Locale.ROOT);
    }

    /** {@code cat.db.table}, as HMS 3.x/4.x name a table in messages. */
    public static String qualified(String catalog, String database, String table) {
        return catalog + "." + database + "." + table;
    }
}

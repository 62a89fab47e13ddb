package dev.lakegate.translator.names;

import dev.lakegate.translator.error.HmsFailure;
import java.util.Optional;

/**
 * A database argument as Hive 3+ clients send it: {@code @cat#db}, {@code @cat#} (no database: all)
 * or {@code @cat#!} (the empty string); anything else is a plain database name of the default
 * catalog. {@code database} is null for "no database", as HMS's parseDbName gives.
 *
 * <p>HMS checks only that the text ends with {@code !}, so it reads {@code @hive#db!} as catalog
 * {@code hive#d} and an empty database; we take the empty marker only as the whole {@code #!} tail,
 * since no valid database name contains {@code !}.
 */
public record CatalogDbName(String catalog, String database) {

    private static final char CATALOG_MARKER = '@';
    private static final String SEPARATOR = "#";
    private static final String EMPTY_MARKER = "!";

    public static CatalogDbName parse(String argument) {
        if (argument == null) {
            return new CatalogDbName(HiveNames.DEFAULT_CATALOG, null);
        }
        if (argument.isEmpty() || argument.charAt(0) != CATALOG_MARKER) {
            return new CatalogDbName(HiveNames.DEFAULT_CATALOG, argument);
        }
        if (argument.endsWith(SEPARATOR)) {
            return new CatalogDbName(argument.substring(1, argument.length() - 1), null);
        }
        if (argument.endsWith(SEPARATOR + EMPTY_MARKER)) {
            return new CatalogDbName(argument.substring(1, argument.length() - 2), "");
        }
        int separator = argument.indexOf(SEPARATOR);
        if (separator < 0) {
            throw HmsFailure.meta(argument + " is prepended with the catalog marker but does not appear to have a"
                    + " catalog name in it");
        }
        return new CatalogDbName(argument.substring(1, separator), argument.substring(separator + 1));
    }

    /**
     * The database argument a request with a separate catalog field stands for: {@code @cat#db}, or the
     * database as it is when there is no catalog, no database or the database already names one.
     */
    public static String encode(String catalogName, String database) {
        return catalogName == null || database == null || database.startsWith(String.valueOf(CATALOG_MARKER))
                ? database
                : CATALOG_MARKER + catalogName + SEPARATOR + database;
    }

    public Optional<String> databaseName() {
        return Optional.ofNullable(database);
    }

    /** The database, lower-cased; a null database is HMS's "Database name cannot be null." */
    public String requireDatabase() {
        if (database == null) {
            throw HmsFailure.meta("Database name cannot be null.");
        }
        return HiveNames.normalize(database);
    }

    public boolean isDefaultCatalog() {
        return HiveNames.DEFAULT_CATALOG.equalsIgnoreCase(catalog);
    }
}

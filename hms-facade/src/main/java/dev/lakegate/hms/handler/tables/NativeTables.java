package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.translator.names.HiveNames;

/** The native catalog's names of HMS tables: catalog, database and table, lower case. */
public final class NativeTables {

    private NativeTables() {}

    /** The table {@code database.table} of {@code catalog} (null or empty: the default catalog). */
    public static TableIdentifier identifier(String catalog, String database, String table) {
        return TableIdentifier.newBuilder()
                .setCatalog(HiveNames.catalogOrDefault(catalog))
                .setNamespace(HiveNames.normalize(database))
                .setName(HiveNames.normalize(table))
                .build();
    }

    /** The identifier of a table read from the catalog. */
    public static TableIdentifier identifier(Table table) {
        return TableIdentifier.newBuilder()
                .setCatalog(table.getCatalog())
                .setNamespace(table.getNamespace())
                .setName(table.getName())
                .build();
    }

    /** The catalog of a table read from the catalog, as HMS names it. */
    public static String catalog(Table table) {
        return HiveNames.catalogOfNative(table.getCatalog());
    }
}

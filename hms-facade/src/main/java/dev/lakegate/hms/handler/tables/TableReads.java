package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.BatchGetTablesRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.ListTablesRequest;
import dev.lakegate.catalog.v1.ListTablesResponse;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.TableFormat;
import dev.lakegate.catalog.v1.TableView;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.statistics.LakeTableFigures;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.mapping.TableIds;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.NamePattern;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.UnknownDBException;

/** Reading tables from the catalog as HMS answers for them; lists never null, sorted by name. */
public final class TableReads {

    private static final int BATCH = 1000;

    private TableReads() {}

    /**
     * The table of a catalog (null: the default one), or empty when it (or its database or catalog) does not
     * exist or cannot be named so.
     */
    public static Optional<dev.lakegate.catalog.v1.Table> find(
            CatalogClient client, String catalog, String database, String table) {
        if (namesNoStorableCatalog(catalog)
                || !HiveRules.isStorableName(database)
                || !HiveRules.isStorableName(table)) {
            return Optional.empty();
        }
        return CatalogFailures.find(
                () -> client.getTable(NativeTables.identifier(catalog, database, table), TableView.BASIC),
                ErrorReason.TABLE_NOT_FOUND,
                ErrorReason.NAMESPACE_NOT_FOUND);
    }

    /**
     * get_table(_req): the table, as HMS clients see it; with a positive {@code id}, only the table of
     * that id. A missing one fails as HMS words it.
     */
    public static Table one(CatalogClient client, String catalog, String database, String table, long id) {
        if (database == null) {
            throw HmsFailure.meta("Database name cannot be null.");
        }
        dev.lakegate.catalog.v1.Table found = find(client, catalog, database, table)
                .filter(candidate -> id <= 0 || TableIds.fromUuid(candidate.getId()) == id)
                .orElseThrow(() -> HmsWords.tableNotFound(HiveNames.qualified(catalog, database, table)));
        return ViewSourceTables.filled(client, LakeTableFigures.applied(client, found, TableMapper.fromNative(found)));
    }

    /** A database of a catalog (null: the default one), or empty. */
    public static Optional<Namespace> findDatabase(CatalogClient client, String catalog, String database) {
        if (namesNoStorableCatalog(catalog) || !HiveRules.isStorableName(database)) {
            return Optional.empty();
        }
        return CatalogFailures.find(
                () -> client.catalogs()
                        .getNamespace(HiveNames.catalogOrDefault(catalog), HiveNames.normalize(database)),
                ErrorReason.NAMESPACE_NOT_FOUND);
    }

    /** Every table of a database of a catalog (null: the default one) in this view; a missing database has none. */
    public static List<dev.lakegate.catalog.v1.Table> list(
            CatalogClient client, String catalog, String database, TableView view) {
        return listWithPrefix(client, catalog, database, "", view);
    }

    /** The tables of a database whose name starts with the prefix, in this view, by name. */
    public static List<dev.lakegate.catalog.v1.Table> listWithPrefix(
            CatalogClient client, String catalog, String database, String namePrefix, TableView view) {
        List<dev.lakegate.catalog.v1.Table> tables = new ArrayList<>();
        if (database == null || !HiveRules.isStorableName(database) || namesNoStorableCatalog(catalog)) {
            return tables;
        }
        CatalogFailures.tolerating(
                () -> {
                    String token = "";
                    do {
                        ListTablesResponse page = client.listTables(ListTablesRequest.newBuilder()
                                .setCatalog(HiveNames.catalogOrDefault(catalog))
                                .setNamespace(HiveNames.normalize(database))
                                .setNamePrefix(namePrefix)
                                .setView(view)
                                .setPageSize(BATCH)
                                .setPageToken(token)
                                .build());
                        tables.addAll(page.getTablesList());
                        token = page.getNextPageToken();
                    } while (!token.isEmpty());
                },
                ErrorReason.NAMESPACE_NOT_FOUND);
        return tables;
    }

    /** The names of a database's tables that match the pattern (and the type, when given), sorted. */
    public static List<String> names(
            CatalogClient client, String catalog, String database, NamePattern pattern, String tableType) {
        List<String> names = new ArrayList<>();
        // The catalog lists only the names in the pattern's prefix range: 10 of 1,000 tables for "t00*".
        for (dev.lakegate.catalog.v1.Table table :
                listWithPrefix(client, catalog, database, pattern.requiredPrefix(), TableView.NAME_ONLY)) {
            if (pattern.matches(table.getName()) && (tableType == null || tableType.equals(tableType(table)))) {
                names.add(table.getName());
            }
        }
        names.sort(null);
        return names;
    }

    /** The HMS table type of a native table in any view: lake tables without Hive storage are external. */
    public static String tableType(dev.lakegate.catalog.v1.Table table) {
        if (table.hasHive()) {
            return TableMapper.tableType(table.getHive().getKind());
        }
        boolean lake =
                table.getFormat() != TableFormat.HIVE && table.getFormat() != TableFormat.TABLE_FORMAT_UNSPECIFIED;
        return lake ? HiveRules.EXTERNAL_TABLE : null;
    }

    /**
     * ObjectStore.getTableObjectsByName: the named tables that exist (names without case, each once),
     * in the order asked; when none is found and the database does not exist, UnknownDBException.
     */
    public static List<Table> byNames(CatalogClient client, String catalog, String database, List<String> names) {
        List<String> wanted = new ArrayList<>(new LinkedHashSet<>(names.stream()
                .filter(HiveRules::isStorableName)
                .map(HiveNames::normalize)
                .toList()));
        List<Table> tables = new ArrayList<>();
        if (!namesNoStorableCatalog(catalog) && HiveRules.isStorableName(database)) {
            for (int from = 0; from < wanted.size(); from += BATCH) {
                List<String> batch = wanted.subList(from, Math.min(wanted.size(), from + BATCH));
                client.batchGetTables(BatchGetTablesRequest.newBuilder()
                                .setCatalog(HiveNames.catalogOrDefault(catalog))
                                .setNamespace(HiveNames.normalize(database))
                                .addAllNames(batch)
                                .setView(TableView.BASIC)
                                .build())
                        .getTablesList()
                        .forEach(table -> tables.add(TableMapper.fromNative(table)));
            }
        }
        if (tables.isEmpty()) {
            requireDatabase(client, catalog, database);
        }
        return tables;
    }

    /**
     * HMSHandler.getTableObjectsInternal: the tables named, or those of the names (all the database's
     * when none are given) that match the pattern; each reduced to the projection's fields.
     */
    public static List<Table> objects(
            CatalogClient client,
            String catalog,
            String database,
            List<String> names,
            String pattern,
            List<String> fields) {
        if (database == null || database.isEmpty()) {
            throw HmsFailure.of("DB name is null or empty", UnknownDBException.class, MetaException.class);
        }
        List<Table> tables;
        if (pattern != null) {
            NamePattern matching = NamePattern.forTables(pattern);
            List<String> candidates = names != null ? names : names(client, catalog, database, NamePattern.all(), null);
            tables = byNames(
                    client,
                    catalog,
                    database,
                    candidates.stream()
                            .filter(name -> matching.matches(HiveNames.normalize(name)))
                            .toList());
        } else {
            if (names == null) {
                throw HmsFailure.of(
                        database + " cannot find null tables", InvalidOperationException.class, MetaException.class);
            }
            tables = byNames(client, catalog, database, names);
        }
        List<Table> result = new ArrayList<>(tables.size());
        tables.forEach(table -> result.add(TableProjections.apply(table, fields)));
        return result;
    }

    /** A catalog that is named (not null or empty: the default one) but that the native catalog cannot hold. */
    private static boolean namesNoStorableCatalog(String catalog) {
        return catalog != null && !catalog.isEmpty() && !HiveRules.isStorableName(catalog);
    }

    /** HMS's "Could not find database" of table-object reads. */
    public static void requireDatabase(CatalogClient client, String catalog, String database) {
        if (findDatabase(client, catalog, database).isEmpty()) {
            throw HmsWords.couldNotFindDatabase(catalog, database);
        }
    }
}

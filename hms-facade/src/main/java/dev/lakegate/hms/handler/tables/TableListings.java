package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.TableView;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.filter.FilterLimits;
import dev.lakegate.translator.filter.TableFilters;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.NamePattern;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TableMeta;
import org.apache.hadoop.hive.metastore.api.UnknownDBException;

/**
 * The listings that HMS answers from what it knows of each table rather than from names alone:
 * tables by type, get_table_meta across databases, get_table_names_by_filter.
 */
public final class TableListings {

    private static final Set<String> TABLE_TYPES = Set.of(
            HiveRules.MANAGED_TABLE, HiveRules.EXTERNAL_TABLE, HiveRules.VIRTUAL_VIEW, HiveRules.MATERIALIZED_VIEW);

    private TableListings() {}

    /** get_tables_by_type refuses a type that is not one of HMS's TableType constants, as valueOf does. */
    public static void requireTableType(String tableType) {
        if (tableType == null || !TABLE_TYPES.contains(tableType)) {
            throw HmsFailure.meta(
                    tableType == null
                            ? "Name is null"
                            : "No enum constant org.apache.hadoop.hive.metastore.TableType." + tableType);
        }
    }

    /**
     * ObjectStore.getTableMeta: database and table patterns ({@code *} or null: all), exact types;
     * sorted by database and table.
     */
    public static List<TableMeta> metas(
            CatalogClient client, String catalog, String databases, String tablePatterns, List<String> tableTypes) {
        List<TableMeta> metas = new ArrayList<>();
        NamePattern databasePattern =
                databases == null || databases.equals("*") ? NamePattern.all() : NamePattern.forTables(databases);
        NamePattern tablePattern = tablePatterns == null || tablePatterns.equals("*")
                ? NamePattern.all()
                : NamePattern.forTables(tablePatterns);
        List<String> names = CatalogFailures.find(
                        () -> client.catalogs().listNamespaceNames(HiveNames.catalogOrDefault(catalog)),
                        ErrorReason.CATALOG_NOT_FOUND)
                .orElse(List.of());
        for (String database : names) {
            if (!databasePattern.matches(database)) {
                continue;
            }
            for (dev.lakegate.catalog.v1.Table found : TableReads.listWithPrefix(
                    client, catalog, database, tablePattern.requiredPrefix(), TableView.BASIC)) {
                String type = TableReads.tableType(found);
                if (!tablePattern.matches(found.getName())
                        || (tableTypes != null && !tableTypes.isEmpty() && !tableTypes.contains(type))) {
                    continue;
                }
                metas.add(meta(TableMapper.fromNative(found), type));
            }
        }
        metas.sort(Comparator.comparing(TableMeta::getDbName).thenComparing(TableMeta::getTableName));
        return metas;
    }

    private static TableMeta meta(Table table, String type) {
        TableMeta meta = new TableMeta(table.getDbName(), table.getTableName(), type);
        meta.setCatName(table.getCatName());
        if (table.getParameters().get("comment") != null) {
            meta.setComments(table.getParameters().get("comment"));
        }
        if (table.getOwner() != null) {
            meta.setOwnerName(table.getOwner());
        }
        if (table.isSetOwnerType()) {
            meta.setOwnerType(table.getOwnerType());
        }
        return meta;
    }

    /**
     * ObjectStore.listTableNamesByFilter, with the filter of {@link TableFilters}: the names of the
     * matching tables, sorted; at most {@code maxTables} when not negative.
     */
    public static List<String> namesByFilter(
            CatalogClient client,
            String catalog,
            String database,
            String filter,
            FilterLimits limits,
            short maxTables) {
        if (database == null || database.isEmpty()) {
            throw HmsFailure.of("DB name is null or empty", UnknownDBException.class, MetaException.class);
        }
        if (filter == null) {
            throw HmsFailure.of(
                    filter + " cannot apply null filter", InvalidOperationException.class, MetaException.class);
        }
        Predicate<Table> matches = TableFilters.parse(filter, limits);
        List<String> names = new ArrayList<>();
        for (dev.lakegate.catalog.v1.Table found : TableReads.list(client, catalog, database, TableView.BASIC)) {
            if (matches.test(TableMapper.fromNative(found))) {
                names.add(found.getName());
            }
        }
        names.sort(null);
        return maxTables >= 0 && names.size() > maxTables ? new ArrayList<>(names.subList(0, maxTables)) : names;
    }
}

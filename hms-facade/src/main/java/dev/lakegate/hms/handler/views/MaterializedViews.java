package dev.lakegate.hms.handler.views;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.HiveTableKind;
import dev.lakegate.catalog.v1.TableRequirement;
import dev.lakegate.catalog.v1.TableUpdate;
import dev.lakegate.catalog.v1.TableView;
import dev.lakegate.hms.handler.catalogs.CatalogDatabases;
import dev.lakegate.hms.handler.tables.NativeTables;
import dev.lakegate.hms.handler.tables.TableReads;
import dev.lakegate.hms.handler.tables.ViewSourceCounts;
import dev.lakegate.hms.handler.tables.ViewSourceTables;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.mapping.ViewSourcesMapper;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * Materialized views as HMS's ObjectStore serves them to Hive's optimizer: the views whose rewriting is
 * enabled, and the update of their creation metadata ({@link ViewSourceTables} for what HMS 4 adds to it).
 */
public final class MaterializedViews {

    private MaterializedViews() {}

    /** The names of a database's materialized views that rewriting may use, sorted; none for a missing database. */
    public static List<String> namesForRewriting(CatalogClient client, String catalog, String database) {
        List<String> names = new ArrayList<>();
        for (dev.lakegate.catalog.v1.Table table : TableReads.list(client, catalog, database, TableView.BASIC)) {
            if (forRewriting(table)) {
                names.add(table.getName());
            }
        }
        names.sort(null);
        return names;
    }

    /** Every materialized view of the default catalog that rewriting may use, as HMS 4 hands them out. */
    public static List<Table> allForRewriting(CatalogClient client) {
        List<Table> views = new ArrayList<>();
        for (String database : CatalogDatabases.names(client, null)) {
            for (dev.lakegate.catalog.v1.Table table :
                    TableReads.list(client, HiveNames.DEFAULT_CATALOG, database, TableView.BASIC)) {
                if (forRewriting(table)) {
                    views.add(ViewSourceTables.filled(client, TableMapper.fromNative(table)));
                }
            }
        }
        return views;
    }

    /**
     * ObjectStore.updateCreationMetadata: the view's creation metadata replaced (tables used, the engine's
     * transaction list) and stamped with the time now. HMS fails with an internal fault where the view, its
     * creation metadata or a table it uses is missing; Lakegate answers a MetaException saying which.
     */
    public static void updateCreationMetadata(
            CatalogClient client, String catalog, String database, String view, CreationMetadata metadata) {
        if (metadata == null || metadata.getTablesUsed() == null) {
            throw HmsFailure.meta("Creation metadata of " + database + "." + view + " has no tables used");
        }
        Optional<dev.lakegate.catalog.v1.Table> found = TableReads.find(client, catalog, database, view);
        dev.lakegate.catalog.v1.Table current = found.filter(
                        table -> table.getHive().hasViewSources())
                .orElseThrow(() -> HmsFailure.meta("No materialized view with creation metadata: "
                        + HiveNames.qualified(catalog, database, view)));
        for (String used : metadata.getTablesUsed()) {
            int dot = used == null ? -1 : used.indexOf('.');
            if (dot <= 0
                    || TableReads.find(client, catalog, used.substring(0, dot), used.substring(dot + 1))
                            .isEmpty()) {
                throw HmsFailure.meta("Table used by " + current.getNamespace() + "." + current.getName()
                        + " does not exist: " + used);
            }
        }
        client.commitTable(CommitTableRequest.newBuilder()
                .setTable(NativeTables.identifier(current))
                .addRequirements(TableRequirement.newBuilder().setAssertVersion(current.getVersion()))
                .setHiveSemantics(true)
                .addUpdates(TableUpdate.newBuilder()
                        .setSetHiveStorage(current.getHive().toBuilder()
                                .setViewSources(ViewSourcesMapper.toNative(metadata, System.currentTimeMillis()))))
                .build());
        ViewSourceCounts.written(client, catalog, current.getNamespace(), current.getName(), metadata);
    }

    private static boolean forRewriting(dev.lakegate.catalog.v1.Table table) {
        return table.hasHive()
                && table.getHive().getKind() == HiveTableKind.MATERIALIZED_VIEW
                && table.getHive().getRewriteEnabled();
    }
}

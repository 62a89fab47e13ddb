package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.views.MaterializedViews;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/**
 * Materialized views for Hive's optimizer (Hive 3+): the views rewriting may use, by database and (Hive 4)
 * all of them, and the update of a view's creation metadata after a rebuild; the work is in
 * {@link MaterializedViews}. The rebuild locks and the invalidation check read HMS's transactions, which
 * Lakegate does not serve: those methods stay unknown.
 */
public final class MaterializedViewCalls {

    private static final DeclaredExceptions FOR_REWRITING =
            DeclaredExceptions.of("get_materialized_views_for_rewriting");
    private static final DeclaredExceptions ALL_FOR_REWRITING =
            DeclaredExceptions.of("get_all_materialized_view_objects_for_rewriting");
    private static final DeclaredExceptions UPDATE_CREATION_METADATA =
            DeclaredExceptions.of("update_creation_metadata");

    private final CatalogCalls catalog;

    public MaterializedViewCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    /** A missing database has none, as in HMS; the database may carry Hive 3+'s {@code @hive#} prefix. */
    public List<String> get_materialized_views_for_rewriting(String db_name) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db_name, null);
        return catalog.run(
                FOR_REWRITING,
                call,
                client -> MaterializedViews.namesForRewriting(client, call.catalog(), call.database()));
    }

    public List<Table> get_all_materialized_view_objects_for_rewriting() throws TException {
        return catalog.run(
                ALL_FOR_REWRITING, HmsCall.database(Operation.LIST, null), MaterializedViews::allForRewriting);
    }

    public void update_creation_metadata(
            String catName, String dbname, String tbl_name, CreationMetadata creation_metadata) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.ALTER, dbname, tbl_name);
        catalog.run(UPDATE_CREATION_METADATA, call, client -> {
            MaterializedViews.updateCreationMetadata(client, catName, call.database(), call.table(), creation_metadata);
            return null;
        });
    }
}

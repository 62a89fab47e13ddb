package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.api.CmRecycleRequest;
import org.apache.hadoop.hive.metastore.api.CmRecycleResponse;
import org.apache.thrift.TException;

/**
 * Calls about the metastore itself rather than its objects: {@code get_metastore_db_uuid}, the
 * catalog store's UUID (made once with the store, so the same across restarts and from every gateway
 * on one PostgreSQL store, as HMS's is the same for every HMS on one metastore database),
 * {@code flushCache} and {@code cm_recycle}.
 */
public final class MetastoreCalls {

    private static final DeclaredExceptions DB_UUID = DeclaredExceptions.of("get_metastore_db_uuid");

    private final CatalogCalls catalog;

    public MetastoreCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public String get_metastore_db_uuid() throws TException {
        return catalog.run(
                DB_UUID,
                HmsCall.database(Operation.READ, null),
                client -> client.getCatalogInfo().getStoreId());
    }

    /**
     * HMS empties its CachedStore here. The facade keeps no copy of catalog objects that a flush could
     * refresh (the catalog's own table cache checks each table's version on every read), so there is
     * nothing to empty, and like HMS it answers nothing.
     */
    public void flushCache() {}

    /**
     * HMS moves the files below the path into its change-management root only when change management is
     * on ({@code hive.repl.cm.enabled}, off by default), for Hive's replication to read later. Lakegate
     * keeps no change-management root, so it answers as HMS does with it off: the path is read as Hadoop
     * reads it (a path Hadoop refuses is refused with Hadoop's words) and nothing changes.
     */
    public CmRecycleResponse cm_recycle(CmRecycleRequest request) throws TException {
        try {
            new Path(request.getDataPath());
        } catch (IllegalArgumentException e) {
            throw HmsFailure.meta(String.valueOf(e.getMessage()));
        }
        return new CmRecycleResponse();
    }
}

package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Replication's mark on a database whose replayed transactions can no longer be trusted: HMS 4.0.1's
 * AbortTxnsFunction, aborting a transaction that replays a source's (one its REPL_TXN_MAP maps) other than by
 * the replay itself, sets the parameter {@code repl.incompatible} to {@code true} on the database its policy
 * names (the policy up to its first dot, as given), so that replication refuses to go on into it. Like HMS's
 * direct update of DATABASE_PARAMS, the change notifies no listener: it is the database's next version, with
 * no event.
 */
final class ReplIncompatibility {

    /** HMS's ReplConst.REPL_INCOMPATIBLE. */
    static final String KEY = "repl.incompatible";

    private ReplIncompatibility() {}

    /**
     * Marks the database of {@code policy} in the default catalog, as HMS marks it. HMS fails the abort when no
     * such database exists (its "DB with name … does not exist in catalog hive"), which leaves the transaction
     * open and stops its housekeeping's timeouts at it for good; Lakegate passes over such a policy, a
     * deliberate difference.
     */
    static void mark(StoreTransaction tx, String policy) {
        String database = databaseOf(policy);
        Optional<Namespace> found = tx.findNamespace(NamedCatalog.DEFAULT, database);
        if (found.isEmpty() || "true".equals(found.get().properties().get(KEY))) {
            return;
        }
        Namespace current = found.get();
        Map<String, String> properties = new LinkedHashMap<>(current.properties());
        properties.put(KEY, "true");
        if (!tx.updateNamespace(
                current.withProperties(properties).withVersion(current.version() + 1), current.version())) {
            throw new CatalogException(
                    ErrorCode.COMMIT_CONFLICT, "database " + database + " changed while it was marked " + KEY);
        }
    }

    /** HMS's MetaStoreUtils.getDbNameFromReplPolicy: the policy up to its first dot. */
    static String databaseOf(String policy) {
        String[] parts = policy.split(Pattern.quote("."));
        return parts.length == 0 ? "" : parts[0];
    }
}

package dev.lakegate.hms.legacy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.apache.hadoop.hive.metastore.api.TableMeta;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TBase;

/**
 * The listings that name no database but list across them, answered from both sides: database names
 * (merged, sorted, without duplicates); functions and table metadata (each database's entries from the
 * side its route names, so a database being copied is listed once, as its clients see it); locks (all
 * of both, the legacy ones with their ids tagged as {@link LegacyLockIds} gives them out).
 */
final class ListingMerge {

    private static final Set<String> METHODS =
            Set.of("get_all_databases", "get_databases", "get_all_functions", "get_table_meta", "show_locks");

    private ListingMerge() {}

    static boolean merges(String method) {
        return METHODS.contains(method);
    }

    /**
     * Both sides' answers as one; when either side answered with an exception, that answer (the
     * catalog's first), since a listing missing one side's part would be wrong without saying so.
     */
    static TBase<?, ?> merge(TBase<?, ?> nativeResult, TBase<?, ?> legacyResult, DatabaseRoutes routes) {
        if (nativeResult instanceof ThriftHiveMetastore.get_all_databases_result a
                && legacyResult instanceof ThriftHiveMetastore.get_all_databases_result b) {
            if (!a.isSetSuccess() || !b.isSetSuccess()) {
                return !a.isSetSuccess() ? a : b;
            }
            a.setSuccess(names(a.getSuccess(), b.getSuccess()));
            return a;
        }
        if (nativeResult instanceof ThriftHiveMetastore.get_databases_result a
                && legacyResult instanceof ThriftHiveMetastore.get_databases_result b) {
            if (!a.isSetSuccess() || !b.isSetSuccess()) {
                return !a.isSetSuccess() ? a : b;
            }
            a.setSuccess(names(a.getSuccess(), b.getSuccess()));
            return a;
        }
        if (nativeResult instanceof ThriftHiveMetastore.get_all_functions_result a
                && legacyResult instanceof ThriftHiveMetastore.get_all_functions_result b) {
            if (!a.isSetSuccess() || !b.isSetSuccess()) {
                return !a.isSetSuccess() ? a : b;
            }
            var merged =
                    byRoute(a.getSuccess().getFunctions(), b.getSuccess().getFunctions(), f -> f.getDbName(), routes);
            merged.sort(Comparator.comparing((org.apache.hadoop.hive.metastore.api.Function f) -> f.getDbName())
                    .thenComparing(f -> f.getFunctionName()));
            a.getSuccess().setFunctions(merged);
            return a;
        }
        if (nativeResult instanceof ThriftHiveMetastore.get_table_meta_result a
                && legacyResult instanceof ThriftHiveMetastore.get_table_meta_result b) {
            if (!a.isSetSuccess() || !b.isSetSuccess()) {
                return !a.isSetSuccess() ? a : b;
            }
            List<TableMeta> merged = byRoute(a.getSuccess(), b.getSuccess(), TableMeta::getDbName, routes);
            merged.sort(Comparator.comparing(TableMeta::getDbName).thenComparing(TableMeta::getTableName));
            a.setSuccess(merged);
            return a;
        }
        if (nativeResult instanceof ThriftHiveMetastore.show_locks_result a
                && legacyResult instanceof ThriftHiveMetastore.show_locks_result b) {
            if (!a.isSetSuccess() || !b.isSetSuccess()) {
                return !a.isSetSuccess() ? a : b;
            }
            List<ShowLocksResponseElement> locks = new ArrayList<>(
                    a.getSuccess().getLocks() == null
                            ? List.of()
                            : a.getSuccess().getLocks());
            List<ShowLocksResponseElement> legacyLocks =
                    LegacyLockIds.toClient(b.getSuccess()).getLocks();
            if (legacyLocks != null) {
                locks.addAll(legacyLocks);
            }
            a.getSuccess().setLocks(locks);
            return a;
        }
        throw new IllegalArgumentException(
                "no merge for " + nativeResult.getClass().getSimpleName());
    }

    private static List<String> names(List<String> a, List<String> b) {
        TreeSet<String> names = new TreeSet<>(a);
        names.addAll(b);
        return List.copyOf(names);
    }

    /** Each database's entries from the side that serves it. */
    private static <T> List<T> byRoute(
            List<T> nativeSide, List<T> legacySide, Function<T, String> database, DatabaseRoutes routes) {
        List<T> out = new ArrayList<>();
        for (T entry : nativeSide == null ? List.<T>of() : nativeSide) {
            if (routes.route(lower(database.apply(entry))).readsNative()) {
                out.add(entry);
            }
        }
        for (T entry : legacySide == null ? List.<T>of() : legacySide) {
            if (!routes.route(lower(database.apply(entry))).readsNative()) {
                out.add(entry);
            }
        }
        return out;
    }

    private static String lower(String name) {
        return name == null ? "" : name.toLowerCase(Locale.ROOT);
    }
}

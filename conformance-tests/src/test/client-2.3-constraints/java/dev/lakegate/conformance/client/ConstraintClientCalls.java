package dev.lakegate.conformance.client;

import java.util.List;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.SQLForeignKey;
import org.apache.hadoop.hive.metastore.api.SQLPrimaryKey;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * The constraint calls whose signatures differ between client lines. The 2.3 client knows primary
 * and foreign keys only: unique, not-null, default and check constraints came with Hive 3, and
 * get_all_table_constraints with Hive 4; scenarios of those skip (and say so) on this line.
 */
public final class ConstraintClientCalls {

    private ConstraintClientCalls() {}

    /** Whether this client has unique, not-null, default and check constraints (Hive 3 and later). */
    public static boolean hasHive3Constraints() {
        return false;
    }

    /** Whether this client has get_all_table_constraints (Hive 4). */
    public static boolean hasAllTableConstraints() {
        return ClientCalls.hasAllTableConstraints();
    }

    public static void createWithKeys(
            IMetaStoreClient c, Table table, List<SQLPrimaryKey> primaryKeys, List<SQLForeignKey> foreignKeys)
            throws Exception {
        c.createTableWithConstraints(table, primaryKeys, foreignKeys);
    }

    public static void createWithNotNull(IMetaStoreClient c, Table table, String name, String column) {
        throw absent();
    }

    public static void addUnique(IMetaStoreClient c, String db, String table, String name, String... columns) {
        throw absent();
    }

    public static void addNotNull(IMetaStoreClient c, String db, String table, String name, String column) {
        throw absent();
    }

    public static void addDefault(
            IMetaStoreClient c, String db, String table, String name, String column, String value) {
        throw absent();
    }

    public static void addCheck(
            IMetaStoreClient c, String db, String table, String name, String column, String expression) {
        throw absent();
    }

    public static List<?> unique(IMetaStoreClient c, String db, String table) {
        throw absent();
    }

    public static List<?> notNull(IMetaStoreClient c, String db, String table) {
        throw absent();
    }

    public static List<?> defaults(IMetaStoreClient c, String db, String table) {
        throw absent();
    }

    public static List<?> checks(IMetaStoreClient c, String db, String table) {
        throw absent();
    }

    public static Object all(IMetaStoreClient c, String db, String table) {
        throw absent();
    }

    private static UnsupportedOperationException absent() {
        return new UnsupportedOperationException("the Hive 2.3 client has no such call");
    }
}

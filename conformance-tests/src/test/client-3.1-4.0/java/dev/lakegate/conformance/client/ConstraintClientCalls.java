package dev.lakegate.conformance.client;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.CheckConstraintsRequest;
import org.apache.hadoop.hive.metastore.api.DefaultConstraintsRequest;
import org.apache.hadoop.hive.metastore.api.NotNullConstraintsRequest;
import org.apache.hadoop.hive.metastore.api.SQLCheckConstraint;
import org.apache.hadoop.hive.metastore.api.SQLDefaultConstraint;
import org.apache.hadoop.hive.metastore.api.SQLForeignKey;
import org.apache.hadoop.hive.metastore.api.SQLNotNullConstraint;
import org.apache.hadoop.hive.metastore.api.SQLPrimaryKey;
import org.apache.hadoop.hive.metastore.api.SQLUniqueConstraint;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.UniqueConstraintsRequest;

/**
 * The constraint calls of the Hive 3.1 and 4.0 clients: every kind; get_all_table_constraints (Hive 4
 * only) through the line's {@link ClientCalls}. The 2.3 client has its own (keys only).
 */
public final class ConstraintClientCalls {

    private static final String HIVE = "hive";

    private ConstraintClientCalls() {}

    public static boolean hasHive3Constraints() {
        return true;
    }

    public static boolean hasAllTableConstraints() {
        return ClientCalls.hasAllTableConstraints();
    }

    public static void createWithKeys(
            IMetaStoreClient c, Table table, List<SQLPrimaryKey> primaryKeys, List<SQLForeignKey> foreignKeys)
            throws Exception {
        c.createTableWithConstraints(table, primaryKeys, foreignKeys, null, null, null, null);
    }

    public static void createWithNotNull(IMetaStoreClient c, Table table, String name, String column) throws Exception {
        SQLNotNullConstraint notNull = new SQLNotNullConstraint(
                HIVE, table.getDbName(), table.getTableName(), column, name, true, false, false);
        c.createTableWithConstraints(table, null, null, null, new ArrayList<>(List.of(notNull)), null, null);
    }

    public static void addUnique(IMetaStoreClient c, String db, String table, String name, String... columns)
            throws Exception {
        List<SQLUniqueConstraint> rows = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            rows.add(new SQLUniqueConstraint(HIVE, db, table, columns[i], i + 1, name, true, false, false));
        }
        c.addUniqueConstraint(rows);
    }

    public static void addNotNull(IMetaStoreClient c, String db, String table, String name, String column)
            throws Exception {
        c.addNotNullConstraint(
                new ArrayList<>(List.of(new SQLNotNullConstraint(HIVE, db, table, column, name, true, false, false))));
    }

    public static void addDefault(IMetaStoreClient c, String db, String table, String name, String column, String value)
            throws Exception {
        c.addDefaultConstraint(new ArrayList<>(
                List.of(new SQLDefaultConstraint(HIVE, db, table, column, value, name, true, false, false))));
    }

    public static void addCheck(
            IMetaStoreClient c, String db, String table, String name, String column, String expression)
            throws Exception {
        c.addCheckConstraint(new ArrayList<>(
                List.of(new SQLCheckConstraint(HIVE, db, table, column, expression, name, true, false, false))));
    }

    public static List<?> unique(IMetaStoreClient c, String db, String table) throws Exception {
        return c.getUniqueConstraints(new UniqueConstraintsRequest(HIVE, db, table));
    }

    public static List<?> notNull(IMetaStoreClient c, String db, String table) throws Exception {
        return c.getNotNullConstraints(new NotNullConstraintsRequest(HIVE, db, table));
    }

    public static List<?> defaults(IMetaStoreClient c, String db, String table) throws Exception {
        return c.getDefaultConstraints(new DefaultConstraintsRequest(HIVE, db, table));
    }

    public static List<?> checks(IMetaStoreClient c, String db, String table) throws Exception {
        return c.getCheckConstraints(new CheckConstraintsRequest(HIVE, db, table));
    }

    public static Object all(IMetaStoreClient c, String db, String table) throws Exception {
        return ClientCalls.allTableConstraints(c, db, table);
    }
}

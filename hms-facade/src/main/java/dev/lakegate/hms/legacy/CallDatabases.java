package dev.lakegate.hms.legacy;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.thrift.TBase;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.meta_data.FieldMetaData;

/**
 * The database an HMS call is about, read from its argument struct: a field named for a database
 * (dbname, db_name, dbName, databaseName), searched breadth first through nested requests, tables,
 * partitions, statistics and lists of them (first element) down to a few levels; for the calls on a
 * database itself, its name. Empty for calls about no database (listings, functions by pattern,
 * locks by id, notifications, configuration).
 */
final class CallDatabases {

    // grant_revoke_privileges names its object's database five levels down: request, bag, privilege, object.
    private static final int MAX_DEPTH = 5;
    // sourcedb: exchange_partition(s) go where their source database is.
    private static final Set<String> DATABASE_FIELDS = Set.of("dbname", "databasename", "sourcedb");

    /** Calls whose argument {@code name} (or request field {@code name}) is the database itself. */
    private static final Set<String> ON_A_DATABASE =
            Set.of("get_database", "drop_database", "get_database_req", "drop_database_req");

    private CallDatabases() {}

    static Optional<String> of(String method, TBase<?, ?> args) {
        if (method.equals("create_database")) {
            Object database = value(args, "database");
            return database instanceof Database db ? name(db.getName()) : Optional.empty();
        }
        if (ON_A_DATABASE.contains(method)) {
            Object name = value(args, "name");
            for (TFieldIdEnum field : fields(args).keySet()) {
                // get_database_req(GetDatabaseRequest request): the request's name
                if (name == null && get(args, field) instanceof TBase<?, ?> request) {
                    name = value(request, "name");
                }
            }
            return name instanceof String s ? name(s) : Optional.empty();
        }
        return search(args);
    }

    private static Optional<String> search(TBase<?, ?> args) {
        Deque<Object[]> queue = new ArrayDeque<>();
        queue.add(new Object[] {args, 0});
        while (!queue.isEmpty()) {
            Object[] next = queue.poll();
            TBase<?, ?> struct = (TBase<?, ?>) next[0];
            int depth = (int) next[1];
            for (Map.Entry<? extends TFieldIdEnum, FieldMetaData> field :
                    fields(struct).entrySet()) {
                Object value = get(struct, field.getKey());
                String normalized =
                        field.getKey().getFieldName().replace("_", "").toLowerCase(Locale.ROOT);
                if (value instanceof String s && DATABASE_FIELDS.contains(normalized)) {
                    return name(s);
                }
                if (depth + 1 < MAX_DEPTH) {
                    if (value instanceof TBase<?, ?> nested) {
                        queue.add(new Object[] {nested, depth + 1});
                    } else if (value instanceof Collection<?> list
                            && !list.isEmpty()
                            && list.iterator().next() instanceof TBase<?, ?> first) {
                        queue.add(new Object[] {first, depth + 1});
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> name(String name) {
        if (name == null || name.isEmpty()) {
            return Optional.empty();
        }
        // Hive 3+ clients prefix a catalog: "@hive#db" (MetaStoreUtils.prependCatalogToDbName).
        String db = name;
        if (db.startsWith("@")) {
            int hash = db.indexOf('#');
            db = hash < 0 ? "" : db.substring(hash + 1);
        }
        return db.isEmpty() || db.equals("!") ? Optional.empty() : Optional.of(db.toLowerCase(Locale.ROOT));
    }

    private static Object value(TBase<?, ?> struct, String fieldName) {
        for (TFieldIdEnum field : fields(struct).keySet()) {
            if (field.getFieldName().equals(fieldName)) {
                return get(struct, field);
            }
        }
        return null;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Map<? extends TFieldIdEnum, FieldMetaData> fields(TBase<?, ?> struct) {
        return FieldMetaData.getStructMetaDataMap((Class) struct.getClass());
    }

    /**
     * A field's value through its generated bean getter ({@code getDb_name()}, {@code getDbName()}):
     * {@link TBase#getFieldValue} must not be used, it fails on the older releases' classes the facade
     * also serves (see LegacyMethods in thrift-idl). Unset object fields read as null.
     */
    static Object get(TBase<?, ?> struct, TFieldIdEnum field) {
        String name = field.getFieldName();
        try {
            return struct.getClass()
                    .getMethod("get" + Character.toUpperCase(name.charAt(0)) + name.substring(1))
                    .invoke(struct);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}

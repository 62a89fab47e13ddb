package dev.lakegate.hms.idl;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.DataConnector;
import org.apache.hadoop.hive.metastore.api.Index;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.ProcessFunction;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.meta_data.FieldMetaData;

/**
 * Process functions for the {@link LegacyIface} methods, on the args/result classes that the build
 * unpacks from older Hive releases.
 *
 * <p>Those classes are nested classes of the old {@code ThriftHiveMetastore}, which the base
 * release's {@code ThriftHiveMetastore} does not list among its members, so Java source cannot name
 * them ({@code ThriftHiveMetastore.get_table_args} does not resolve). They are therefore loaded by
 * binary name and driven by reflection: arguments are read by field name, the return value goes to
 * field 0 ({@code success}) and a thrown exception to the result field whose declared type it is, as
 * Thrift's generated processors do.
 *
 * <p>Only the typed bean accessors ({@code getDbname()}, {@code setSuccess(Table)}) may be used on
 * these classes, never {@link TBase#getFieldValue}/{@link TBase#setFieldValue}/{@link TBase#isSet}:
 * those {@code switch} over the field enum through the synthetic {@code ThriftHiveMetastore$1}
 * switch-map class of the outer class, and the base release's {@code ThriftHiveMetastore$1} has no
 * map for a nested class it does not have, so they throw {@link NoSuchFieldError}. Reading and
 * writing on the wire, equals, hashCode, compareTo and toString do not use it.
 */
final class LegacyMethods {

    private static final String SERVICE = "org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore";

    /** Calls one handler method with the arguments read from the args struct. */
    @FunctionalInterface
    interface Call {
        Object apply(LegacyIface handler, Args args) throws TException;
    }

    // One entry per LegacyIface method: the Thrift method name and how to call it. A void method
    // returns null (its result struct has no success field).
    private static final Map<String, Call> CALLS = Map.ofEntries(
            Map.entry("get_table", (h, a) -> h.get_table(a.string("dbname"), a.string("tbl_name"))),
            Map.entry(
                    "get_table_objects_by_name",
                    (h, a) -> h.get_table_objects_by_name(a.string("dbname"), a.strings("tbl_names"))),
            Map.entry("create_dataconnector", (h, a) -> {
                h.create_dataconnector(a.get("connector", DataConnector.class));
                return null;
            }),
            Map.entry("drop_dataconnector", (h, a) -> {
                h.drop_dataconnector(a.string("name"), a.bool("ifNotExists"), a.bool("checkReferences"));
                return null;
            }),
            Map.entry("alter_dataconnector", (h, a) -> {
                h.alter_dataconnector(a.string("name"), a.get("connector", DataConnector.class));
                return null;
            }),
            Map.entry(
                    "add_index",
                    (h, a) -> h.add_index(a.get("new_index", Index.class), a.get("index_table", Table.class))),
            Map.entry("alter_index", (h, a) -> {
                h.alter_index(
                        a.string("dbname"),
                        a.string("base_tbl_name"),
                        a.string("idx_name"),
                        a.get("new_idx", Index.class));
                return null;
            }),
            Map.entry(
                    "drop_index_by_name",
                    (h, a) -> h.drop_index_by_name(
                            a.string("db_name"), a.string("tbl_name"), a.string("index_name"), a.bool("deleteData"))),
            Map.entry(
                    "get_index_by_name",
                    (h, a) -> h.get_index_by_name(a.string("db_name"), a.string("tbl_name"), a.string("index_name"))),
            Map.entry(
                    "get_indexes",
                    (h, a) -> h.get_indexes(
                            a.string("db_name"), a.string("tbl_name"), a.get("max_indexes", Short.class))),
            Map.entry(
                    "get_index_names",
                    (h, a) -> h.get_index_names(
                            a.string("db_name"), a.string("tbl_name"), a.get("max_indexes", Short.class))));

    private LegacyMethods() {}

    static Set<String> names() {
        return CALLS.keySet();
    }

    /** One process function per legacy method; each fails fast if its classes are missing. */
    static List<Function> functions() {
        List<Function> functions = new ArrayList<>(CALLS.size());
        CALLS.forEach((name, call) -> functions.add(new Function(name, call)));
        return functions;
    }

    /** Reads the arguments of one call by Thrift field name. */
    static final class Args {
        private final TBase<?, ?> args;

        private Args(TBase<?, ?> args) {
            this.args = args;
        }

        <T> T get(String field, Class<T> type) {
            return type.cast(Beans.get(args, field));
        }

        String string(String field) {
            return get(field, String.class);
        }

        boolean bool(String field) {
            return get(field, Boolean.class);
        }

        @SuppressWarnings("unchecked")
        List<String> strings(String field) {
            return get(field, List.class);
        }
    }

    /** The process function of one legacy method. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static final class Function extends ProcessFunction<HmsIface, TBase, TBase> {
        private final Call call;
        private final Constructor<? extends TBase> argsConstructor;
        private final Constructor<? extends TBase> resultConstructor;
        private final String successField;
        /** The result's exception fields (ids 1..n) by name, with the Java type each holds. */
        private final Map<String, Class<?>> exceptionFields;

        Function(String name, Call call) {
            super(name);
            this.call = call;
            Class<? extends TBase> argsClass = structClass(SERVICE + "$" + name + "_args");
            Class<? extends TBase> resultClass = structClass(SERVICE + "$" + name + "_result");
            this.argsConstructor = constructor(argsClass);
            this.resultConstructor = constructor(resultClass);
            // Fail now, not on the first call, if an argument the Call reads is not there.
            Beans.check(argsClass);
            String success = null;
            Map<String, Class<?>> exceptions = new HashMap<>();
            for (Object key :
                    FieldMetaData.getStructMetaDataMap((Class) resultClass).keySet()) {
                TFieldIdEnum field = (TFieldIdEnum) key;
                if (field.getThriftFieldId() == 0) {
                    success = field.getFieldName();
                } else {
                    try {
                        // Hive generates with java:beans, so the field is private: only its type is read.
                        exceptions.put(
                                field.getFieldName(),
                                resultClass
                                        .getDeclaredField(field.getFieldName())
                                        .getType());
                    } catch (NoSuchFieldException e) {
                        throw new IllegalStateException(
                                resultClass.getName() + " lacks its field " + field.getFieldName(), e);
                    }
                }
            }
            this.successField = success;
            this.exceptionFields = Map.copyOf(exceptions);
        }

        @Override
        public boolean isOneway() {
            return false;
        }

        @Override
        public TBase getEmptyArgsInstance() {
            return newInstance(argsConstructor);
        }

        @Override
        public TBase getEmptyResultInstance() {
            return newInstance(resultConstructor);
        }

        @Override
        public TBase getResult(HmsIface handler, TBase args) throws TException {
            TBase result = getEmptyResultInstance();
            try {
                Object value = call.apply(handler, new Args(args));
                if (successField != null && value != null) {
                    // As generated code does: a null return leaves success unset, and the client reports
                    // MISSING_RESULT.
                    Beans.set(result, successField, value);
                }
            } catch (TException e) {
                String field = exceptionFieldFor(e);
                if (field == null) {
                    // Undeclared (TApplicationException included): ProcessFunction sends it, or an
                    // INTERNAL_ERROR, as for any generated method.
                    throw e;
                }
                Beans.set(result, field, e);
            }
            return result;
        }

        private String exceptionFieldFor(TException e) {
            for (Map.Entry<String, Class<?>> field : exceptionFields.entrySet()) {
                if (field.getValue().isInstance(e)) {
                    return field.getKey();
                }
            }
            return null;
        }

        private static Class<? extends TBase> structClass(String name) {
            try {
                return Class.forName(name, true, LegacyMethods.class.getClassLoader())
                        .asSubclass(TBase.class);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(
                        name + " is missing: the build unpacks it from an older Hive" + " release (thrift-idl/pom.xml)",
                        e);
            }
        }

        private static Constructor<? extends TBase> constructor(Class<? extends TBase> type) {
            try {
                return type.getConstructor();
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type.getName() + " has no public no-arg constructor", e);
            }
        }

        private static TBase newInstance(Constructor<? extends TBase> constructor) {
            try {
                return constructor.newInstance();
            } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("cannot instantiate " + constructor.getDeclaringClass(), e);
            }
        }
    }
}

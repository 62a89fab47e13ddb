package dev.lakegate.hms.idl;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.thrift.TBase;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.meta_data.FieldMetaData;

/**
 * Field access on generated Thrift structs through their typed bean accessors, by Thrift field name
 * ({@code tbl_name} → {@code getTbl_name()}/{@code setTbl_name(..)}, a bool's getter is
 * {@code isX()}), for the legacy classes whose generic field access is broken (see
 * {@link LegacyMethods}).
 */
final class Beans {

    private static final Map<String, Method> CACHE = new ConcurrentHashMap<>();

    private Beans() {}

    static Object get(Object struct, String field) {
        return invoke(getter(struct.getClass(), field), struct);
    }

    static void set(Object struct, String field, Object value) {
        invoke(setter(struct.getClass(), field), struct, value);
    }

    /** Resolves the getter of every field of a struct class, failing if one is missing. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static void check(Class<? extends TBase> type) {
        for (Object key : FieldMetaData.getStructMetaDataMap((Class) type).keySet()) {
            getter(type, ((TFieldIdEnum) key).getFieldName());
        }
    }

    private static Method getter(Class<?> type, String field) {
        return CACHE.computeIfAbsent(type.getName() + "#get#" + field, k -> {
            String suffix = capitalized(field);
            for (String name : new String[] {"get" + suffix, "is" + suffix}) {
                try {
                    return type.getMethod(name);
                } catch (NoSuchMethodException e) {
                    // try the next form
                }
            }
            throw new IllegalStateException(type.getName() + " has no getter for " + field);
        });
    }

    private static Method setter(Class<?> type, String field) {
        return CACHE.computeIfAbsent(type.getName() + "#set#" + field, k -> {
            String name = "set" + capitalized(field);
            for (Method m : type.getMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == 1) {
                    return m;
                }
            }
            throw new IllegalStateException(type.getName() + " has no setter for " + field);
        });
    }

    private static String capitalized(String field) {
        return Character.toUpperCase(field.charAt(0)) + field.substring(1);
    }

    private static Object invoke(Method method, Object target, Object... args) {
        try {
            return method.invoke(target, args);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }
}

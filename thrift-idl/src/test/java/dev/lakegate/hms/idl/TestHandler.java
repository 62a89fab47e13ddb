package dev.lakegate.hms.idl;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A handler for tests: answers the methods it is given, records every call, and for any other
 * method returns Java's default (null, 0, false), which a client sees as MISSING_RESULT for an object
 * result and as a plain answer otherwise: proof that the call reached the handler.
 */
final class TestHandler {

    @FunctionalInterface
    interface Answer {
        Object answer(Object[] args) throws Exception;
    }

    final List<String> calls = new CopyOnWriteArrayList<>();
    final Map<String, Object[]> lastArgs = new ConcurrentHashMap<>();
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();

    TestHandler answer(String method, Answer answer) {
        answers.put(method, answer);
        return this;
    }

    HmsIface iface() {
        return (HmsIface) Proxy.newProxyInstance(
                HmsIface.class.getClassLoader(), new Class<?>[] {HmsIface.class}, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return objectMethod(proxy, method, args);
                    }
                    calls.add(method.getName());
                    lastArgs.put(method.getName(), args == null ? new Object[0] : args);
                    Answer answer = answers.get(method.getName());
                    if (answer != null) {
                        try {
                            return answer.answer(args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    }
                    return defaultValue(method.getReturnType());
                });
    }

    private static Object objectMethod(Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            default -> "TestHandler";
        };
    }

    static Object defaultValue(Class<?> type) {
        if (!type.isPrimitive() || type == void.class) {
            return null;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == char.class) {
            return '\0';
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == double.class) {
            return 0d;
        }
        if (type == float.class) {
            return 0f;
        }
        if (type == short.class) {
            return (short) 0;
        }
        if (type == byte.class) {
            return (byte) 0;
        }
        return 0;
    }
}

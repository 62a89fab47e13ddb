package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.service.Catalog;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A {@link Catalog} that records each call and answers what the test told it to, for checking
 * that arguments and answers cross the gRPC edge unchanged. A method without an answer fails.
 */
final class RecordingCatalog implements InvocationHandler {

    record Call(String method, List<Object> arguments) {}

    private final Map<String, Function<Object[], Object>> answers = new ConcurrentHashMap<>();
    private final List<Call> calls = new CopyOnWriteArrayList<>();

    Catalog catalog() {
        return (Catalog) Proxy.newProxyInstance(Catalog.class.getClassLoader(), new Class<?>[] {Catalog.class}, this);
    }

    RecordingCatalog answer(String method, Object value) {
        answers.put(method, arguments -> value);
        return this;
    }

    RecordingCatalog fail(String method, RuntimeException failure) {
        answers.put(method, arguments -> {
            throw failure;
        });
        return this;
    }

    List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The first call of a method (the edge may make others, e.g. to name partitions). */
    Call first(String method) {
        return calls.stream()
                .filter(call -> call.method().equals(method))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no call of " + method + " among " + calls));
    }

    void reset() {
        calls.clear();
        answers.clear();
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] arguments) {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == arguments[0];
                default -> "RecordingCatalog";
            };
        }
        Object[] given = arguments == null ? new Object[0] : arguments;
        calls.add(new Call(method.getName(), Arrays.asList(given)));
        Function<Object[], Object> answer = answers.get(method.getName());
        if (answer == null) {
            throw new CatalogException(ErrorCode.INTERNAL_ERROR, "no answer for " + method.getName());
        }
        return answer.apply(given);
    }
}

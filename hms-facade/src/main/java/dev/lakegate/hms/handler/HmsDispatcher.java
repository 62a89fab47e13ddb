package dev.lakegate.hms.handler;

import dev.lakegate.hms.handler.limits.CallLimits;
import dev.lakegate.hms.handler.limits.Limits;
import dev.lakegate.hms.idl.HmsIface;
import dev.lakegate.hms.idl.HmsProcessor;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsFailure;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.thrift.TException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link HmsIface} handler as a thin dispatcher: each HMS method goes to the one area object
 * (databases, tables, partitions, …) that declares a public method of the same signature; a method
 * no area declares is not served ({@code UNKNOWN_METHOD}, on which clients fall back). The mapping
 * is built and checked once, at startup: an area method that matches no HMS method, or an HMS
 * method claimed by two areas, is a programming error and fails the build of the dispatcher.
 */
public final class HmsDispatcher implements InvocationHandler {

    private static final Logger log = LoggerFactory.getLogger(HmsDispatcher.class);
    private static final FaultLog faults = new FaultLog(log, Duration.ofMinutes(1));
    private static final Object[] NO_ARGUMENTS = new Object[0];

    private final Map<Method, Route> routes;
    private final CallLimits limits;
    private final ReplyBudget replies;

    private HmsDispatcher(Map<Method, Route> routes, CallLimits limits, ReplyBudget replies) {
        this.routes = Map.copyOf(routes);
        this.limits = limits;
        this.replies = replies;
    }

    /** One served method: the area method that serves it, and the exceptions the HMS method declares. */
    private record Route(MethodHandle handle, DeclaredExceptions declared) {}

    public static HmsIface of(List<Object> areas) {
        return of(areas, new CallLimits(Limits.DEFAULTS), ReplyBudget.of(Limits.DEFAULTS));
    }

    /**
     * The dispatcher over these areas, refusing before any work a call over one of the limits, and
     * failing one whose catalog answers pass the reply budget.
     */
    public static HmsIface of(List<Object> areas, CallLimits limits, ReplyBudget replies) {
        Map<String, Method> ifaceMethods = new HashMap<>();
        for (Method method : HmsIface.class.getMethods()) {
            ifaceMethods.put(signature(method), method);
        }
        Map<Method, Route> routes = new HashMap<>();
        Map<Method, Object> owners = new HashMap<>();
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        for (Object area : areas) {
            for (Method method : area.getClass().getMethods()) {
                if (method.getDeclaringClass() == Object.class || Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                Method target = ifaceMethods.get(signature(method));
                if (target == null) {
                    throw new IllegalStateException(area.getClass().getSimpleName() + "." + method.getName()
                            + " matches no HMS method: " + signature(method));
                }
                Object previous = owners.putIfAbsent(target, area);
                if (previous != null) {
                    throw new IllegalStateException(method.getName() + " is served by both "
                            + previous.getClass().getSimpleName() + " and "
                            + area.getClass().getSimpleName());
                }
                try {
                    // One shape for every route, so that a call is a single invokeExact.
                    routes.put(
                            target,
                            new Route(
                                    lookup.unreflect(method)
                                            .bindTo(area)
                                            .asSpreader(Object[].class, method.getParameterCount())
                                            .asType(MethodType.methodType(Object.class, Object[].class)),
                                    DeclaredExceptions.of(target.getName())));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("area method is not accessible: " + method, e);
                }
            }
        }
        return (HmsIface) Proxy.newProxyInstance(
                HmsIface.class.getClassLoader(),
                new Class<?>[] {HmsIface.class},
                new HmsDispatcher(routes, limits, replies));
    }

    /** The HMS methods some area serves, for reports and tests. */
    public static List<String> servedMethods(HmsIface dispatcher) {
        HmsDispatcher handler = (HmsDispatcher) Proxy.getInvocationHandler(dispatcher);
        return handler.routes.keySet().stream().map(Method::getName).sorted().toList();
    }

    /**
     * The edge between Thrift and the areas: declared exceptions pass through as they are; an HMS
     * failure becomes the exception the method declares for it; any other failure is a fault of
     * ours, logged here once, and the client gets the method's MetaException (or, for the few methods
     * that declare none, an INTERNAL_ERROR) with a message rather than a broken call.
     */
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        Route route = routes.get(method);
        if (route == null) {
            if (method.getDeclaringClass() == Object.class) {
                return objectMethod(proxy, method, args);
            }
            throw HmsProcessor.notServed(method.getName());
        }
        ReplyBudget.Call budget = replies.open(method.getName());
        try {
            limits.check(method.getName(), args);
            return (Object) route.handle().invokeExact(args == null ? NO_ARGUMENTS : args);
        } catch (HmsFailure failure) {
            throw route.declared().toThrift(budget.exceeded().orElse(failure));
        } catch (TException | RuntimeException fault) {
            // A catalog call cut off by the reply budget fails as the area words a cancelled call: the
            // client is told which limit it met instead.
            if (budget.exceeded().isPresent()) {
                throw route.declared().toThrift(budget.exceeded().get());
            }
            if (fault instanceof TException declared) {
                throw declared;
            }
            faults.fault(method.getName(), fault);
            throw route.declared()
                    .toThrift(HmsFailure.meta("Lakegate failed to serve " + method.getName() + ": " + fault));
        } finally {
            budget.close();
        }
    }

    private Object objectMethod(Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "toString" -> "HmsDispatcher" + servedMethods((HmsIface) proxy);
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            default -> throw new UnsupportedOperationException(method.getName());
        };
    }

    private static String signature(Method method) {
        return method.getName()
                + Arrays.toString(method.getParameterTypes())
                + method.getReturnType().getName();
    }
}

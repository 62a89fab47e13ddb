package dev.lakegate.hms.idl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One served HMS release as Hive published it: its API jar with the libthrift it was generated for,
 * resolved by Maven into target/hms-reference/VERSION (execution copy-reference-releases) and loaded
 * by a class loader of its own, so the releases' same-named classes never meet ours or each other.
 */
final class ReferenceRelease {

    static final String API = "org.apache.hadoop.hive.metastore.api.";
    static final String SERVICE = API + "ThriftHiveMetastore";
    static final String FB303 = "com.facebook.fb303.FacebookService";

    private static final Map<String, ReferenceRelease> LOADED = new ConcurrentHashMap<>();

    final HmsApiVersions.Release release;
    final ClassLoader loader;

    private ReferenceRelease(HmsApiVersions.Release release, ClassLoader loader) {
        this.release = release;
        this.loader = loader;
    }

    static List<ReferenceRelease> all() {
        return HmsApiVersions.served().stream().map(ReferenceRelease::of).toList();
    }

    static ReferenceRelease of(HmsApiVersions.Release release) {
        return LOADED.computeIfAbsent(release.version(), v -> new ReferenceRelease(release, loader(v)));
    }

    static ReferenceRelease of(String version) {
        return of(HmsApiVersions.served().stream()
                .filter(r -> r.version().equals(version))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not a served release: " + version)));
    }

    private static ClassLoader loader(String version) {
        String base = System.getProperty("lakegate.hms.reference.dir");
        if (base == null) {
            throw new IllegalStateException("lakegate.hms.reference.dir is unset: run the tests with Maven");
        }
        Path dir = Paths.get(base, version);
        try (Stream<Path> jars = Files.list(dir)) {
            URL[] urls = jars.filter(p -> p.toString().endsWith(".jar"))
                    .sorted()
                    .map(p -> {
                        try {
                            return p.toUri().toURL();
                        } catch (MalformedURLException e) {
                            throw new IllegalStateException(e);
                        }
                    })
                    .toArray(URL[]::new);
            // The platform loader as parent: nothing of the test classpath (our libthrift, our Hive API)
            // is visible to the release's classes.
            return new URLClassLoader("hms-" + version, urls, ClassLoader.getPlatformClassLoader());
        } catch (IOException e) {
            throw new UncheckedIOException("reference jars of " + version + " missing in " + dir, e);
        }
    }

    Class<?> load(String name) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(release.version() + " has no " + name, e);
        }
    }

    boolean has(String name) {
        try {
            Class.forName(name, false, loader);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** The names in the release's own ThriftHiveMetastore$Processor map (fb303's included). */
    Set<String> processMap() {
        Class<?> iface = load(SERVICE + "$Iface");
        Object handler = Proxy.newProxyInstance(loader, new Class<?>[] {iface}, (p, m, a) -> {
            throw new UnsupportedOperationException(m.getName());
        });
        try {
            Object processor =
                    load(SERVICE + "$Processor").getConstructor(iface).newInstance(handler);
            Map<?, ?> map = (Map<?, ?>)
                    processor.getClass().getMethod("getProcessMapView").invoke(processor);
            return map.keySet().stream().map(String.class::cast).collect(Collectors.toCollection(TreeSet::new));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The methods ThriftHiveMetastore$Iface declares itself (fb303's inherited ones not). */
    Set<String> serviceMethods() {
        return Arrays.stream(load(SERVICE + "$Iface").getDeclaredMethods())
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The release's Iface method of that name (its own or fb303's). */
    Method ifaceMethod(String name) {
        return Arrays.stream(load(SERVICE + "$Iface").getMethods())
                .filter(m -> m.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(release.version() + " lacks " + name));
    }

    /** Calls a static or instance method by reflection, unwrapping the target's exception. */
    static Object call(Object target, String method, Class<?>[] types, Object... args) throws Throwable {
        Class<?> type = target instanceof Class<?> c ? c : target.getClass();
        try {
            return type.getMethod(method, types).invoke(target instanceof Class<?> ? null : target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Override
    public String toString() {
        return "Hive " + release.version();
    }
}

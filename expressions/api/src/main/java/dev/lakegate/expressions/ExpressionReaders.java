package dev.lakegate.expressions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * Loads a {@link PartitionExpressions} from a folder of jars (Hive's hive-exec and what it needs) in a class
 * loader of its own. hive-exec carries HMS's Thrift classes and Guava, Kryo and Calcite of its release: on
 * the gateway's classpath they would meet the gateway's own. That loader sees the JDK, this package and SLF4J
 * (so that the reader logs into the gateway's log), and nothing else of the gateway.
 */
public final class ExpressionReaders {

    private ExpressionReaders() {}

    /**
     * The reader in {@code dir}'s jars, found by {@link ServiceLoader}.
     *
     * @throws IllegalStateException when the folder has no jars or they hold no reader
     */
    public static PartitionExpressions load(Path dir) {
        URL[] jars = jarsIn(dir);
        if (jars.length == 0) {
            throw new IllegalStateException("no jars in " + dir);
        }
        URLClassLoader loader = new URLClassLoader("lakegate-expressions", jars, new SharedApiLoader());
        PartitionExpressions reader = inLoader(
                loader,
                () -> ServiceLoader.load(PartitionExpressions.class, loader)
                        .findFirst()
                        .orElseThrow(() -> new IllegalStateException(
                                "the jars in " + dir + " hold no " + PartitionExpressions.class.getName())));
        return new InLoader(reader, loader);
    }

    private static URL[] jarsIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("no folder " + dir);
        }
        List<URL> urls = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path jar : files.filter(f -> f.getFileName().toString().endsWith(".jar"))
                    .sorted()
                    .toList()) {
                urls.add(jar.toUri().toURL());
            }
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return urls.toArray(URL[]::new);
    }

    /**
     * Hive finds classes through the thread's context class loader (Kryo's class resolution among them), so
     * every call runs with the reader's loader as that.
     */
    private static <T> T inLoader(ClassLoader loader, java.util.function.Supplier<T> call) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return call.get();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private record InLoader(PartitionExpressions reader, ClassLoader loader) implements PartitionExpressions {

        @Override
        public String toFilter(byte[] expression, String defaultPartitionName) {
            return inLoader(loader, () -> reader.toFilter(expression, defaultPartitionName));
        }

        @Override
        public PrunedNames prune(
                List<PartitionKey> keys, byte[] expression, String defaultPartitionName, List<String> names) {
            return inLoader(loader, () -> reader.prune(keys, expression, defaultPartitionName, names));
        }
    }

    /** The JDK's classes (the platform loader's), and this package's and SLF4J's from the gateway's loader. */
    static final class SharedApiLoader extends ClassLoader {

        private static final String API_PACKAGE = PartitionExpressions.class.getPackageName();

        SharedApiLoader() {
            super("lakegate-expressions-api", ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            int lastDot = name.lastIndexOf('.');
            if (lastDot > 0 && name.substring(0, lastDot).equals(API_PACKAGE) || name.startsWith("org.slf4j.")) {
                return PartitionExpressions.class.getClassLoader().loadClass(name);
            }
            return super.loadClass(name, resolve);
        }
    }
}

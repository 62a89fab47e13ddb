package dev.lakegate.enginetests.flink;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * The test JVM's system class loader ({@code -Djava.system.class.loader}), a {@link URLClassLoader} over the
 * class path as it was up to Java 8. Hive 3.1's {@code SessionState}, which Flink's Hive dialect starts, casts
 * the loader of its own class to one, so this loader defines the class path's classes itself instead of
 * leaving them to its parent, the JDK's application loader (which is no URLClassLoader): the JDK's own
 * classes first, then the class path, then the parent for anything else. Surefire must put the class path
 * on the command line (no manifest-only jar) for {@code java.class.path} to hold it.
 */
public final class UrlSystemClassLoader extends URLClassLoader {

    static {
        ClassLoader.registerAsParallelCapable();
    }

    private final ClassLoader jdk = ClassLoader.getPlatformClassLoader();

    public UrlSystemClassLoader(ClassLoader parent) {
        super(classPath(), parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.equals(UrlSystemClassLoader.class.getName())) {
            return super.loadClass(name, resolve); // the one the JVM made this loader from
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = loadUnseen(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private Class<?> loadUnseen(String name) throws ClassNotFoundException {
        try {
            return jdk.loadClass(name);
        } catch (ClassNotFoundException notJdk) {
            try {
                return findClass(name);
            } catch (ClassNotFoundException notOnClassPath) {
                return getParent().loadClass(name);
            }
        }
    }

    /** Called by the JDK when an agent appends to the system class path (JaCoCo, for one). */
    void appendToClassPathForInstrumentation(String path) throws MalformedURLException {
        addURL(new File(path).toURI().toURL());
    }

    private static URL[] classPath() {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                try {
                    urls.add(new File(entry).toURI().toURL());
                } catch (MalformedURLException e) {
                    throw new IllegalArgumentException("class path entry " + entry, e);
                }
            }
        }
        return urls.toArray(URL[]::new);
    }
}

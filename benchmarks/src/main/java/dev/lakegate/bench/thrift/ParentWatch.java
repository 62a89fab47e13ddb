package dev.lakegate.bench.thrift;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * The main class of each server JVM the Thrift benchmark starts: runs the real main class given first,
 * and halts the JVM as soon as its standard input closes, which happens when the benchmark's JVM ends for
 * any reason (a kill included). So no server outlives the run that started it.
 *
 * <p>The benchmark copies this one class file into a folder of its own on the child's classpath (so the
 * child sees nothing else of the benchmark's); it depends on nothing but the JDK.
 */
public final class ParentWatch {

    private ParentWatch() {}

    public static void main(String[] args) throws Throwable {
        if (args.length < 1) {
            System.err.println("usage: ParentWatch <main class> [args...]");
            System.exit(2);
        }
        Thread watch = new Thread(() -> {
            InputStream in = System.in;
            try {
                while (in.read() >= 0) {
                    // the parent never writes
                }
            } catch (IOException e) {
                // a broken pipe: the parent is gone too
            }
            System.err.println("ParentWatch: the benchmark JVM is gone; halting");
            Runtime.getRuntime().halt(3);
        }, "parent-watch");
        watch.setDaemon(true);
        watch.start();

        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}

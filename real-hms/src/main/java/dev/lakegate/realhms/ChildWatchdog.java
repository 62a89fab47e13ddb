package dev.lakegate.realhms;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * The main class of every child JVM {@link ChildJvm} starts: it runs the real main class given as its first
 * argument, and halts the JVM as soon as its standard input closes, which happens when the parent JVM ends
 * for any reason (a crash or a kill included). So no server outlives the run that started it.
 *
 * <p>{@link ChildJvm} copies this one class file into a folder of its own on the child's classpath, so the
 * child sees nothing else of its parent's; it depends on nothing but the JDK.
 */
public final class ChildWatchdog {

    private ChildWatchdog() {}

    public static void main(String[] args) throws Throwable {
        if (args.length < 1) {
            System.err.println("usage: ChildWatchdog <main class> [args...]");
            System.exit(2);
        }
        Thread watchdog = new Thread(
                () -> {
                    InputStream in = System.in;
                    try {
                        while (in.read() >= 0) {
                            // the parent never writes; anything read is ignored
                        }
                    } catch (IOException e) {
                        // a broken pipe means the parent is gone too
                    }
                    System.err.println("ChildWatchdog: the parent JVM is gone; halting");
                    Runtime.getRuntime().halt(3);
                },
                "parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();

        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}

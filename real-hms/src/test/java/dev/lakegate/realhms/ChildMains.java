package dev.lakegate.realhms;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Main classes for the child JVMs of {@link ChildJvmTest}. */
final class ChildMains {

    private ChildMains() {}

    /** The classpath of this test JVM, for children that run the classes here. */
    static List<Path> testClasspath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .toList();
    }

    /** Prints its arguments and exits with the first. */
    static final class Exit {
        public static void main(String[] args) {
            System.out.println("arguments " + String.join(" ", args));
            System.exit(Integer.parseInt(args[0]));
        }
    }

    /** Sleeps until it is stopped (or its parent goes). */
    static final class Sleep {
        public static void main(String[] args) throws InterruptedException {
            System.out.println("sleeping");
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    /**
     * Starts a {@link Sleep} child of its own in the folder {@code args[0]}, prints that child's process id,
     * then halts without stopping it: a parent that dies.
     */
    static final class StartsChildThenHalts {
        public static void main(String[] args) throws Exception {
            Path dir = Path.of(args[0]);
            ChildJvm child = ChildJvm.start(new ChildJvm.Launch(
                    "grandchild",
                    List.of("-Xmx32m"),
                    testClasspath(),
                    Sleep.class.getName(),
                    List.of(),
                    dir,
                    dir.resolve("grandchild.log"),
                    Map.of()));
            System.out.println("grandchild " + child.pid());
            System.out.flush();
            Runtime.getRuntime().halt(0);
        }
    }
}

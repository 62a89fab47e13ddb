package dev.lakegate.realhms;

import static java.util.Objects.requireNonNull;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A built Lakegate launcher: its jar ({@code dev.lakegate.launcher.Lakegate}) and the folder of the jars it
 * needs at run time. Never put on the caller's classpath: its Thrift, Guava and Netty would meet the caller's.
 */
public record LakegateDistribution(Path jar, Path lib) {

    public static final String MAIN_CLASS = "dev.lakegate.launcher.Lakegate";

    /**
     * What the gateway's reader of Hive's partition expressions (Hive's Kryo) reflects into: the launcher jar's
     * manifest opens it for {@code java -jar}; a JVM started from the classpath needs the flags (the root POM's
     * {@code lakegate.expressions.opens}).
     */
    public static final List<String> OPENS = List.of(
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED");

    public LakegateDistribution {
        jar = requireNonNull(jar, "jar is null").toAbsolutePath();
        lib = requireNonNull(lib, "lib is null").toAbsolutePath();
    }

    /** The launcher module's own layout: {@code dir/lakegate.jar} and {@code dir/lib/}. */
    public static LakegateDistribution layout(Path dir) {
        return new LakegateDistribution(dir.resolve("lakegate.jar"), dir.resolve("lib"));
    }

    /**
     * One folder of jars, the launcher's ({@code lakegate-launcher-*.jar}) among its dependencies; fails when
     * there is none, saying how to make it with {@code howToBuild}.
     */
    public static LakegateDistribution flat(Path dir, String howToBuild) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("no gateway classpath in " + dir + " (" + howToBuild + ")");
        }
        List<Path> launcher = FileTrees.jars(dir).stream()
                .filter(f -> f.getFileName().toString().startsWith("lakegate-launcher-"))
                .toList();
        if (launcher.size() != 1) {
            throw new IllegalStateException("expected one lakegate-launcher jar in " + dir + ", found " + launcher);
        }
        return new LakegateDistribution(launcher.get(0), dir);
    }

    /** This distribution, when its jar is there; else fails, saying how to make it with {@code howToBuild}. */
    public LakegateDistribution requireLaidOut(String howToBuild) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(
                    "the Lakegate launcher is not laid out in " + jar.getParent() + " (" + howToBuild + ")");
        }
        return this;
    }

    /** The launcher jar first (its logback.xml is the one that counts), then the libraries by name. */
    public List<Path> classpath() {
        List<Path> classpath = new ArrayList<>();
        classpath.add(jar);
        FileTrees.jars(lib).stream().filter(f -> !f.equals(jar)).forEach(classpath::add);
        return List.copyOf(classpath);
    }

    /** The command line that runs the {@code lakegate} command with these JVM flags and arguments. */
    public List<String> command(List<String> jvmFlags, List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmFlags);
        command.addAll(OPENS);
        command.add("-cp");
        command.add(String.join(
                File.pathSeparator, classpath().stream().map(Path::toString).toList()));
        command.add(MAIN_CLASS);
        command.addAll(arguments);
        return command;
    }
}

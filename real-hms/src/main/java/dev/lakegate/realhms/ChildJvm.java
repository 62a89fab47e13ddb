package dev.lakegate.realhms;

import static java.util.Objects.requireNonNull;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * A JVM started by a test or a benchmark: its own classpath, its output appended to a log file, and
 * {@link ChildWatchdog} as its main class, so that it halts when the parent JVM goes away. Stopped by its
 * process id: asked first (its shutdown hooks run), forced after a grace period.
 */
public final class ChildJvm implements AutoCloseable {

    private static final Duration STOP_GRACE = Duration.ofSeconds(15);
    private static final String WATCHDOG_FOLDER = "watchdog";

    /**
     * What to run: {@code mainClass arguments} in a new JVM with {@code jvmFlags} and {@code classpath} (the
     * watchdog's folder is added after it), in {@code workDir}, appending its output to {@code logFile}, with
     * {@code environment} added to the parent's less the variables that would point it elsewhere.
     */
    public record Launch(
            String name,
            List<String> jvmFlags,
            List<Path> classpath,
            String mainClass,
            List<String> arguments,
            Path workDir,
            Path logFile,
            Map<String, String> environment) {

        public Launch {
            requireNonNull(name, "name is null");
            jvmFlags = List.copyOf(requireNonNull(jvmFlags, "jvmFlags is null"));
            classpath = List.copyOf(requireNonNull(classpath, "classpath is null"));
            requireNonNull(mainClass, "mainClass is null");
            arguments = List.copyOf(requireNonNull(arguments, "arguments is null"));
            requireNonNull(workDir, "workDir is null");
            requireNonNull(logFile, "logFile is null");
            environment = Map.copyOf(requireNonNull(environment, "environment is null"));
        }
    }

    private final String name;
    private final Process process;
    private final Path logFile;

    private ChildJvm(String name, Process process, Path logFile) {
        this.name = name;
        this.process = process;
        this.logFile = logFile;
    }

    public static ChildJvm start(Launch launch) throws IOException {
        return start(launch, Path.of(System.getProperty("java.home")));
    }

    /**
     * As {@link #start(Launch)}, on the JDK or JRE in {@code javaHome}: for a child that needs a newer Java than
     * the one running the tests (the watchdog's class file is Java 17's, which every later JVM runs).
     */
    public static ChildJvm start(Launch launch, Path javaHome) throws IOException {
        Path watchdogDir = copyWatchdog(launch.workDir().resolve(WATCHDOG_FOLDER));
        List<String> classpath = new ArrayList<>();
        launch.classpath().forEach(p -> classpath.add(p.toString()));
        classpath.add(watchdogDir.toString());

        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin").resolve("java").toString());
        command.addAll(launch.jvmFlags());
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classpath));
        command.add(ChildWatchdog.class.getName());
        command.add(launch.mainClass());
        command.addAll(launch.arguments());

        Path logFile = launch.logFile();
        Files.createDirectories(logFile.getParent());
        Files.writeString(
                logFile,
                "=== " + String.join(" ", command) + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(launch.workDir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        // stdin stays a pipe: the watchdog halts the child when it closes.
        builder.environment()
                .keySet()
                .removeIf(k -> k.startsWith("LAKEGATE_")
                        || k.startsWith("HADOOP_")
                        || k.startsWith("HIVE_")
                        || k.equals("JAVA_TOOL_OPTIONS")
                        || k.equals("JDK_JAVA_OPTIONS"));
        builder.environment().putAll(launch.environment());
        return new ChildJvm(launch.name(), builder.start(), logFile);
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Path logFile() {
        return logFile;
    }

    /** The child's exit code, once it has exited. */
    public OptionalInt exitCode() {
        return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
    }

    /** Waits for the child to exit on its own and returns its exit code; kills it after {@code timeout}. */
    public int await(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(
                    name + " did not finish within " + timeout.toSeconds() + " s; see " + logFile);
        }
        return process.exitValue();
    }

    /** CPU time the child's threads have used so far (user + system), in nanoseconds; -1 when unknown. */
    public long cpuNanos() {
        return process.toHandle()
                .info()
                .totalCpuDuration()
                .map(Duration::toNanos)
                .orElse(-1L);
    }

    /** Fails with the end of the log when the child has exited; {@code doing} says when, for the message. */
    public void checkAlive(String doing) {
        if (!process.isAlive()) {
            throw new IllegalStateException(name + " exited with " + process.exitValue() + " " + doing + "; end of "
                    + logFile + ":\n" + tail(60));
        }
    }

    /** The last {@code lines} lines of the log. */
    public String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(logFile, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + logFile + ": " + e + ")";
        }
    }

    /** Stops the child: SIGTERM to its process id (its shutdown hooks run), SIGKILL after a grace period. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Copies {@link ChildWatchdog}'s class file into a folder of its own for the child's classpath. */
    private static Path copyWatchdog(Path dir) throws IOException {
        String resource = ChildWatchdog.class.getName().replace('.', '/') + ".class";
        Path target = dir.resolve(resource);
        Files.createDirectories(target.getParent());
        try (InputStream in = ChildWatchdog.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("cannot find " + resource);
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return dir;
    }
}

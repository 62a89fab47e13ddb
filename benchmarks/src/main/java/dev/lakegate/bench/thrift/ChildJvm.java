package dev.lakegate.bench.thrift;

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
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A JVM started by the benchmark: its own classpath, output appended to a log file, and {@link ParentWatch}
 * as its main class so that it halts when the benchmark's JVM goes away. {@link #cpuNanos()} reads the
 * child's CPU time (all its threads) from the operating system.
 */
public final class ChildJvm implements AutoCloseable {

    private static final Duration STOP_GRACE = Duration.ofSeconds(15);

    private final String name;
    private final Process process;
    private final Path logFile;

    private ChildJvm(String name, Process process, Path logFile) {
        this.name = name;
        this.process = process;
        this.logFile = logFile;
    }

    /**
     * Starts {@code mainClass args} in a new JVM with {@code jvmFlags} and the classpath {@code classpath}
     * (the watchdog's folder is added after it), in {@code workDir}, appending its output to {@code logFile}.
     */
    public static ChildJvm start(String name, List<String> jvmFlags, List<Path> classpath, String mainClass,
            List<String> args, Path workDir, Path logFile, Map<String, String> environment) throws IOException {
        Path watchDir = copyWatch(workDir.resolve("parent-watch"));
        List<String> cp = new ArrayList<>();
        classpath.forEach(p -> cp.add(p.toString()));
        cp.add(watchDir.toString());

        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmFlags);
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, cp));
        cmd.add(ParentWatch.class.getName());
        cmd.add(mainClass);
        cmd.addAll(args);

        Files.createDirectories(logFile.getParent());
        Files.writeString(logFile, "=== " + String.join(" ", cmd) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        // stdin stays a pipe: ParentWatch halts the child when it closes.
        pb.environment().keySet().removeIf(k -> k.startsWith("LAKEGATE_") || k.startsWith("HADOOP_")
                || k.startsWith("HIVE_") || k.equals("JAVA_TOOL_OPTIONS") || k.equals("JDK_JAVA_OPTIONS"));
        pb.environment().putAll(environment);
        return new ChildJvm(name, pb.start(), logFile);
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

    /** Waits for the child to exit on its own; returns its exit code. */
    public int await(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(name + " did not finish within " + timeout.toSeconds() + " s; see "
                    + logFile);
        }
        return process.exitValue();
    }

    /** CPU time the child's threads have used so far (user + system), in nanoseconds; -1 when unknown. */
    public long cpuNanos() {
        return process.toHandle().info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }

    /** Fails with the end of the log when the child has exited. */
    public void checkAlive(String doing) {
        if (!process.isAlive()) {
            throw new IllegalStateException(name + " exited with " + process.exitValue() + " " + doing
                    + "; end of " + logFile + ":\n" + tail(60));
        }
    }

    public String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(logFile, StandardCharsets.UTF_8);
            return all.subList(Math.max(0, all.size() - lines), all.size()).stream()
                    .collect(Collectors.joining("\n"));
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + logFile + ": " + e + ")";
        }
    }

    /** Stops the child: SIGTERM, then SIGKILL after a grace period. */
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

    private static Path copyWatch(Path dir) throws IOException {
        String resource = ParentWatch.class.getName().replace('.', '/') + ".class";
        Path target = dir.resolve(resource);
        Files.createDirectories(target.getParent());
        try (InputStream in = ParentWatch.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("cannot find " + resource);
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return dir;
    }
}

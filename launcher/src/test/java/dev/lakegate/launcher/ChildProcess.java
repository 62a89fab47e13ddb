package dev.lakegate.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code lakegate} command run in its own JVM, as an operator would run it, with this test's
 * classpath. Waits for the line that announces the port; the output is kept for failure messages.
 */
public final class ChildProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("listening on [^:]+:(\\d+)");

    private final Process process;
    private final StringBuffer output = new StringBuffer();
    private final int port;

    private ChildProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    public static ChildProcess lakegate(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                Lakegate.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuffer output = new StringBuffer();
        CompletableFuture<Integer> announced = new CompletableFuture<>();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader lines = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = lines.readLine()) != null) {
                            output.append(line).append('\n');
                            Matcher matcher = LISTENING.matcher(line);
                            if (matcher.find()) {
                                announced.complete(Integer.parseInt(matcher.group(1)));
                            }
                        }
                    } catch (IOException ignored) {
                        // the process ended
                    }
                    announced.completeExceptionally(
                            new IllegalStateException("lakegate exited before listening:\n" + output));
                },
                "child-output");
        reader.setDaemon(true);
        reader.start();
        int port = announced.get(60, TimeUnit.SECONDS);
        ChildProcess child = new ChildProcess(process, port);
        child.output.append(output);
        return child;
    }

    public int port() {
        return port;
    }

    /** What the child printed until it announced its port. */
    public String output() {
        return output.toString();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}

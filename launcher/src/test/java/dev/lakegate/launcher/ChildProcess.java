package dev.lakegate.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransportException;

/**
 * A {@code lakegate} command run in its own JVM, as an operator would run it, with this test's
 * classpath. Waits for the line that announces the port; the output is kept for failure messages.
 */
public final class ChildProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("listening on [^:]+:(\\d+)");

    private final Process process;
    private final StringBuffer output;
    private final int port;
    private final List<TSocket> sockets = new ArrayList<>();

    private ChildProcess(Process process, int port, StringBuffer output) {
        this.process = process;
        this.port = port;
        this.output = output;
    }

    public static ChildProcess lakegate(String... args) throws Exception {
        return start(Lakegate.class.getName(), args);
    }

    /** A main class of this classpath (a test's harness around {@link Lakegate}) in its own JVM. */
    public static ChildProcess start(String mainClass, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                mainClass));
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
        return new ChildProcess(process, port, output);
    }

    /** A raw HMS client of the process's Thrift port (binary, unframed); closed with the process. */
    public ThriftHiveMetastore.Client hmsClient() throws TTransportException {
        TSocket socket = new TSocket("127.0.0.1", port, 30_000);
        socket.open();
        sockets.add(socket);
        return new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));
    }

    /** Everything the process printed so far (standard output and error). */
    public String output() {
        return output.toString();
    }

    /** Writes a line to the process's standard input. */
    public void send(String line) throws IOException {
        process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    /** Waits until the process printed one of {@code texts}, at most {@code timeout}; returns its line. */
    public String awaitOutput(Duration timeout, String... texts) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            String printed = output();
            for (String line : printed.lines().toList()) {
                for (String text : texts) {
                    if (line.contains(text)) {
                        return line;
                    }
                }
            }
            if (Instant.now().isAfter(deadline) || !process.isAlive()) {
                throw new IllegalStateException("none of " + List.of(texts) + " in the output:\n" + printed);
            }
            Thread.sleep(50);
        }
    }

    /** The exit status, once the process ended by itself within {@code timeout}; empty if it did not. */
    public Optional<Integer> exitStatus(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)
                ? Optional.of(process.exitValue())
                : Optional.empty();
    }

    public int port() {
        return port;
    }

    @Override
    public void close() throws InterruptedException {
        sockets.forEach(TSocket::close);
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}

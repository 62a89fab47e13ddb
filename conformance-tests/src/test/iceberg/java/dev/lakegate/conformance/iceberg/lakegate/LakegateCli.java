package dev.lakegate.conformance.iceberg.lakegate;

import dev.lakegate.conformance.targets.LakegateGateway;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The {@code lakegate table} command of the build's launcher, run as a person runs it, against one gateway. */
final class LakegateCli {

    record Run(int exit, String out, String err) {}

    private final int grpcPort;

    LakegateCli(int grpcPort) {
        this.grpcPort = grpcPort;
    }

    Run table(String... arguments) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("table", "--catalog", "127.0.0.1:" + grpcPort));
        args.addAll(List.of(arguments));
        Process process = new ProcessBuilder(LakegateGateway.lakegateCommand(args)).start();
        process.getOutputStream().close();
        // Output is small: read it after the exit, with a bound on the wait.
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("lakegate table " + String.join(" ", arguments) + " did not end in 60 s");
        }
        return new Run(
                process.exitValue(),
                new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}

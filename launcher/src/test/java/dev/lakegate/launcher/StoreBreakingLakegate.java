package dev.lakegate.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * {@code lakegate} run by its real main, in a JVM of its own, plus one thing a test can ask on standard
 * input: the line {@code break-store DIR} makes the embedded H2 database in DIR shut itself down inside
 * this JVM (see {@link H2Breakage}), and the answer is the line {@code store broken: CODE}.
 */
public final class StoreBreakingLakegate {

    private StoreBreakingLakegate() {}

    public static void main(String[] args) {
        Thread breaker = new Thread(StoreBreakingLakegate::breakWhenAsked, "store-breaker");
        breaker.setDaemon(true);
        breaker.start();
        Lakegate.main(args);
    }

    private static void breakWhenAsked() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith("break-store ")) {
                    Path catalog = Path.of(line.substring("break-store ".length()));
                    SQLException error = H2Breakage.failureOfOutOfMemoryInside(catalog);
                    System.out.println("store broken: " + error.getErrorCode() + " (" + error.getMessage() + ")");
                    System.out.flush();
                }
            }
        } catch (IOException e) {
            System.out.println("store not broken: " + e);
        }
    }
}

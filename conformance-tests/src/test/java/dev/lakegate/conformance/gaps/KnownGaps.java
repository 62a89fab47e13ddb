package dev.lakegate.conformance.gaps;

import dev.lakegate.conformance.targets.Targets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.TestAbortedException;

/**
 * Scenarios on which Lakegate is known to differ from the reference HMS and that are not yet fixed,
 * listed with their reason in {@code known-gaps.txt}. Such a scenario still runs: if it fails, it is
 * reported as skipped with "known gap: reason" (visible in the report, never silent); if it passes,
 * the build fails until its line is removed, so the list only ever shrinks with the truth.
 */
public final class KnownGaps implements InvocationInterceptor {

    private static final List<Gap> GAPS = load();

    record Gap(String clients, String scenario, String reason) {
        boolean covers(String client, String test) {
            return (clients.equals("*") || List.of(clients.split(",")).contains(client))
                    && (test.equals(scenario) || test.startsWith(scenario + " "));
        }
    }

    @Override
    public void interceptTestMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
            throws Throwable {
        intercept(invocation, context, false);
    }

    @Override
    public void interceptTestTemplateMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
            throws Throwable {
        intercept(invocation, context, true);
    }

    private static void intercept(Invocation<Void> invocation, ExtensionContext context, boolean template)
            throws Throwable {
        String area = context.getRequiredTestClass().getSimpleName().replaceFirst("On\\w+Test$", "");
        String test = area + "." + context.getRequiredTestMethod().getName()
                + (template ? " " + context.getDisplayName() : "");
        Optional<Gap> gap =
                GAPS.stream().filter(g -> g.covers(Targets.clientLine(), test)).findFirst();
        if (gap.isEmpty()) {
            invocation.proceed();
            return;
        }
        try {
            invocation.proceed();
        } catch (Throwable failure) {
            throw new TestAbortedException("known gap: " + gap.get().reason() + " (" + firstLine(failure) + ")");
        }
        throw new AssertionError("listed in known-gaps.txt as a known gap, but passes now: remove its line ("
                + gap.get().scenario() + ")");
    }

    private static String firstLine(Throwable failure) {
        String message = String.valueOf(failure.getMessage()).strip();
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        return line.length() > 160 ? line.substring(0, 160) + "…" : line;
    }

    /** Lines: {@code <clients or *> <Area>.<scenario>[ <display>] | <reason>}; # starts a comment. */
    private static List<Gap> load() {
        Path file = Path.of(System.getProperty("conformance.knownGaps", "known-gaps.txt"));
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            List<Gap> gaps = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String text = line.strip();
                if (text.isEmpty() || text.startsWith("#")) {
                    continue;
                }
                int bar = text.indexOf(" | ");
                int space = text.indexOf(' ');
                if (bar < 0 || space < 0 || space > bar) {
                    throw new IllegalStateException("known-gaps.txt: cannot read line: " + line);
                }
                gaps.add(new Gap(
                        text.substring(0, space),
                        text.substring(space + 1, bar).strip(),
                        text.substring(bar + 3).strip()));
            }
            return List.copyOf(gaps);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

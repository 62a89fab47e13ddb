package dev.lakegate.hms.server.auth;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user's groups as this host's operating system knows them ({@code id -Gn USER}, the primary group first), as
 * Hadoop's default group mapping finds them for HMS; kept five minutes, as Hadoop keeps them
 * ({@code hadoop.security.groups.cache.secs}), a user the system does not know too (with no groups).
 */
final class UnixUserGroups implements UserGroups {

    private static final Logger log = LoggerFactory.getLogger(UnixUserGroups.class);
    private static final Duration KEPT = Duration.ofMinutes(5);
    private static final Duration LOOKUP_TIMEOUT = Duration.ofSeconds(5);
    /** What a user name may be to be asked about: no option, no path, nothing a shell would read. */
    private static final Pattern ASKABLE = Pattern.compile("[A-Za-z0-9._][A-Za-z0-9._@$-]{0,255}");

    private static final int MAX_KEPT = 10_000;

    private record Kept(List<String> groups, long until) {}

    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    @Override
    public List<String> groupsOf(String user, List<String> named, boolean authenticated) {
        if (user.isEmpty()) {
            return List.of();
        }
        long now = System.nanoTime();
        Kept known = kept.get(user);
        if (known != null && now - known.until() < 0) {
            return known.groups();
        }
        List<String> groups = lookUp(user);
        if (kept.size() >= MAX_KEPT) {
            kept.clear(); // many users at once: asking again costs a lookup each, keeping them all costs memory
        }
        kept.put(user, new Kept(groups, now + KEPT.toNanos()));
        return groups;
    }

    private static List<String> lookUp(String user) {
        if (!ASKABLE.matcher(user).matches()) {
            return List.of();
        }
        try {
            Process id = new ProcessBuilder("id", "-Gn", "--", user)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            // Waited for before reading: its few lines fit the pipe, and a lookup that hangs (a directory
            // service away) must not hold the call that asked.
            if (!id.waitFor(LOOKUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                id.destroyForcibly();
                log.warn("Looking up the groups of {} took over {}: none counted", user, LOOKUP_TIMEOUT);
                return List.of();
            }
            if (id.exitValue() != 0) {
                return List.of(); // a user this host does not know: no groups, as Hadoop answers
            }
            String out;
            try (InputStream stdout = id.getInputStream()) {
                out = new String(stdout.readAllBytes(), StandardCharsets.UTF_8);
            }
            return Arrays.stream(out.trim().split("\\s+"))
                    .filter(g -> !g.isEmpty())
                    .toList();
        } catch (IOException e) {
            log.warn("Cannot look up the groups of {}: {}", user, e.getMessage());
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }
}

package dev.lakegate.hms.handler;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The local path of a {@code file:} (or scheme-less) location, read literally: partition
 * directories hold escapes such as {@code %2F} that URI decoding would wrongly turn back into
 * characters. Other schemes (hdfs:, s3a:, …) and other hosts have no local path.
 */
public final class LocalLocations {

    private LocalLocations() {}

    public static Optional<Path> path(String location) {
        if (location == null || location.isEmpty()) {
            return Optional.empty();
        }
        if (location.startsWith("/")) {
            return Optional.of(Path.of(location));
        }
        if (!location.startsWith("file:")) {
            return Optional.empty();
        }
        String path = location.substring("file:".length());
        if (path.startsWith("//")) {
            int slash = path.indexOf('/', 2);
            String host = slash < 0 ? path.substring(2) : path.substring(2, slash);
            if (!host.isEmpty() && !host.equals("localhost")) {
                return Optional.empty();
            }
            path = slash < 0 ? "/" : path.substring(slash);
        }
        return Optional.of(Path.of(path));
    }
}

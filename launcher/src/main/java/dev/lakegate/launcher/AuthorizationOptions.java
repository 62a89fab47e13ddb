package dev.lakegate.launcher;

import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Option;

/** How the catalog authorizes and audits calls, for the commands that run one. */
final class AuthorizationOptions {

    @Option(
            names = "--authorization",
            paramLabel = "off|audit|enforce",
            defaultValue = "off",
            description = "Checks every catalog call against the stored grants: off (nothing checked), audit "
                    + "(decide and log, allow all), enforce (refuse what is denied) (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(
            names = "--authorization-admins",
            paramLabel = "USER,...",
            split = ",",
            description = "Users who may do everything, grants included (besides holders of role admin).")
    List<String> admins;

    @Option(
            names = "--authorization-ungranted",
            paramLabel = "deny|allow",
            defaultValue = "deny",
            description = "An object nobody holds a grant on (nor on its namespace, nor globally): deny (only its "
                    + "owner and admins) or allow (everyone, as before checks) (default: ${DEFAULT-VALUE}).")
    String ungranted;

    @Option(
            names = "--authorization-max-staleness",
            paramLabel = "MILLIS",
            defaultValue = "0",
            description = "How long a check may decide from the grants version this process read last: 0 reads "
                    + "it at every check (a change of grants made through any gateway counts at once); N lets "
                    + "one made N ms before a check begins count (default: ${DEFAULT-VALUE}).")
    long maxStalenessMillis;

    @Option(
            names = "--audit-log",
            paramLabel = "FILE",
            description = "Appends a JSON line per change and per denial (audit mode: per would-be denial).")
    Path auditLog;

    AuthorizationSettings settings() {
        AuthorizationMode parsed = AuthorizationMode.valueOf(mode.trim().toUpperCase(Locale.ROOT));
        boolean open = switch (ungranted.trim().toLowerCase(Locale.ROOT)) {
            case "allow" -> true;
            case "deny" -> false;
            default -> throw new IllegalArgumentException("--authorization-ungranted is deny or allow: " + ungranted);
        };
        Set<String> names = admins == null
                ? Set.of()
                : Set.copyOf(admins.stream()
                        .map(String::trim)
                        .filter(name -> !name.isEmpty())
                        .toList());
        if (maxStalenessMillis < 0) {
            throw new IllegalArgumentException(
                    "--authorization-max-staleness is 0 or more milliseconds: " + maxStalenessMillis);
        }
        return new AuthorizationSettings(
                parsed, names, open, Optional.ofNullable(auditLog), Duration.ofMillis(maxStalenessMillis));
    }
}

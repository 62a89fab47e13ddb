package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code --authorization} and its kin on serve and catalog-server: off unless set; flags, environment, file. */
class AuthorizationOptionsTest {

    @TempDir
    Path dir;

    private static AuthorizationSettings settings(Map<String, String> environment, String... args) {
        CommandLine line = Lakegate.commandLine(args, environment);
        Object command = line.parseArgs(args).subcommand().commandSpec().userObject();
        AuthorizationOptions options = command instanceof ServeCommand serve
                ? serve.authorization
                : ((CatalogServerCommand) command).authorization;
        return options.settings();
    }

    @Test
    void offUnlessSet() {
        assertThat(settings(Map.of(), "serve")).isEqualTo(AuthorizationSettings.OFF);
        assertThat(settings(Map.of(), "catalog-server")).isEqualTo(AuthorizationSettings.OFF);
    }

    @Test
    void aMaxStalenessIsInMillisecondsAndNeverNegative() {
        assertThat(settings(Map.of(), "serve", "--authorization", "enforce", "--authorization-max-staleness", "250")
                        .maxStaleness())
                .isEqualTo(Duration.ofMillis(250));
        assertThat(settings(Map.of(), "serve", "--authorization", "enforce").maxStaleness())
                .isEqualTo(Duration.ZERO);
        assertThatThrownBy(() -> settings(Map.of(), "serve", "--authorization-max-staleness", "-1"))
                .hasMessageContaining("--authorization-max-staleness");
    }

    @Test
    void aFlagTheEnvironmentOrTheFileSetsThem() throws Exception {
        assertThat(settings(
                        Map.of(),
                        "catalog-server",
                        "--authorization",
                        "enforce",
                        "--authorization-admins",
                        "root,hive",
                        "--audit-log",
                        "audit.jsonl"))
                .isEqualTo(new AuthorizationSettings(
                        AuthorizationMode.ENFORCE, Set.of("root", "hive"), false, Optional.of(Path.of("audit.jsonl"))));
        assertThat(settings(
                        Map.of("LAKEGATE_AUTHORIZATION", "audit", "LAKEGATE_AUTHORIZATION_UNGRANTED", "allow"),
                        "serve"))
                .isEqualTo(new AuthorizationSettings(AuthorizationMode.AUDIT, Set.of(), true, Optional.empty()));
        Path config = dir.resolve("lakegate.properties");
        Files.writeString(config, "authorization = enforce\nauthorization-admins = root\n");
        assertThat(settings(Map.of(), "serve", "--config", config.toString()))
                .isEqualTo(
                        new AuthorizationSettings(AuthorizationMode.ENFORCE, Set.of("root"), false, Optional.empty()));
    }
}

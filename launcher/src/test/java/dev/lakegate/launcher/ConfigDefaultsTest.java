package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ConfigDefaultsTest {

    @TempDir
    Path dir;

    private CatalogServerCommand parse(Map<String, String> environment, String... args) {
        CommandLine line = Lakegate.commandLine(args, environment);
        CommandLine.ParseResult result = line.parseArgs(args);
        return (CatalogServerCommand) result.subcommand().commandSpec().userObject();
    }

    @Test
    void builtInDefaultsApplyWhenNothingIsGiven() {
        CatalogServerCommand command = parse(Map.of(), "catalog-server");
        assertThat(command.grpcPort).isEqualTo(9090);
        assertThat(command.grpcHost).isEqualTo("127.0.0.1");
        assertThat(command.store.data).isEqualTo(Path.of("data"));
        assertThat(command.store.jdbcUrl).isNull();
    }

    @Test
    void flagsBeatTheEnvironmentWhichBeatsTheFile() throws Exception {
        Path config = dir.resolve("lakegate.properties");
        Files.writeString(config, "grpc-port = 7000\ngrpc-threads = 3\ndata = from-file\n");
        Map<String, String> environment = Map.of("LAKEGATE_CONFIG", config.toString(), "LAKEGATE_GRPC_PORT", "8000");

        CatalogServerCommand fromEnvironment = parse(environment, "catalog-server");
        assertThat(fromEnvironment.grpcPort).isEqualTo(8000);
        assertThat(fromEnvironment.grpcThreads).isEqualTo(3);
        assertThat(fromEnvironment.store.data).isEqualTo(Path.of("from-file"));

        CatalogServerCommand fromFlag =
                parse(environment, "catalog-server", "--grpc-port", "9999", "--data", "from-flag");
        assertThat(fromFlag.grpcPort).isEqualTo(9999);
        assertThat(fromFlag.store.data).isEqualTo(Path.of("from-flag"));
    }

    @Test
    void configFlagNamesTheFile() throws Exception {
        Path config = dir.resolve("other.properties");
        Files.writeString(config, "jdbc-url = jdbc:postgresql://127.0.0.1:5432/lake\n");
        CatalogServerCommand command = parse(Map.of(), "catalog-server", "--config", config.toString());
        assertThat(command.store.jdbcUrl).isEqualTo("jdbc:postgresql://127.0.0.1:5432/lake");
        assertThat(command.store.describe()).isEqualTo("PostgreSQL at jdbc:postgresql://127.0.0.1:5432/lake");
    }
}

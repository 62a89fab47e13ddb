package dev.lakegate.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Where an option not given as a flag gets its value: the environment ({@code --grpc-port} reads
 * {@code LAKEGATE_GRPC_PORT}), then the config file named by {@code --config} or
 * {@code LAKEGATE_CONFIG} (a properties file: {@code grpc-port = 9090}), then the built-in default.
 */
final class ConfigDefaults implements CommandLine.IDefaultValueProvider {

    static final String CONFIG_FLAG = "--config";
    static final String CONFIG_ENV = "LAKEGATE_CONFIG";

    private final Map<String, String> environment;
    private final Properties file;

    private ConfigDefaults(Map<String, String> environment, Properties file) {
        this.environment = Map.copyOf(environment);
        this.file = file;
    }

    static ConfigDefaults load(String[] args, Map<String, String> environment) {
        Properties file = new Properties();
        configPath(args, environment).ifPresent(path -> {
            try (InputStream in = Files.newInputStream(path)) {
                file.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read config file " + path, e);
            }
        });
        return new ConfigDefaults(environment, file);
    }

    private static Optional<Path> configPath(String[] args, Map<String, String> environment) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals(CONFIG_FLAG) && i + 1 < args.length) {
                return Optional.of(Path.of(args[i + 1]));
            }
            if (args[i].startsWith(CONFIG_FLAG + "=")) {
                return Optional.of(Path.of(args[i].substring(CONFIG_FLAG.length() + 1)));
            }
        }
        return Optional.ofNullable(environment.get(CONFIG_ENV))
                .filter(value -> !value.isEmpty())
                .map(Path::of);
    }

    @Override
    public String defaultValue(ArgSpec argument) {
        if (!(argument instanceof OptionSpec option) || option.longestName().equals(CONFIG_FLAG)) {
            return argument.defaultValue();
        }
        String key = option.longestName().replaceFirst("^-+", "");
        String fromEnvironment =
                environment.get("LAKEGATE_" + key.replace('-', '_').toUpperCase(Locale.ROOT));
        if (fromEnvironment != null && !fromEnvironment.isEmpty()) {
            return fromEnvironment;
        }
        String fromFile = file.getProperty(key);
        return fromFile != null ? fromFile.trim() : argument.defaultValue();
    }
}

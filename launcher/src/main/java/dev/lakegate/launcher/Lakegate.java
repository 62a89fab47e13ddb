package dev.lakegate.launcher;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code lakegate} command. Options come from flags, then the environment, then a config file. */
@Command(
        name = "lakegate",
        mixinStandardHelpOptions = true,
        versionProvider = LakegateVersion.class,
        description = "A Hive Metastore compatibility gateway in front of a native lake catalog.",
        subcommands = {
            ServeCommand.class,
            CatalogServerCommand.class,
            TableCommand.class,
            dev.lakegate.launcher.migrate.MigrateCommand.class
        })
public final class Lakegate implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine(args, System.getenv()).execute(args));
    }

    static CommandLine commandLine(String[] args, java.util.Map<String, String> environment) {
        return new CommandLine(new Lakegate())
                .setDefaultValueProvider(ConfigDefaults.load(args, environment))
                .setCaseInsensitiveEnumValuesAllowed(true);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}

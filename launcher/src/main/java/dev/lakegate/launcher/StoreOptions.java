package dev.lakegate.launcher;

import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Which database holds the catalog: the embedded one in a data folder, or PostgreSQL. */
final class StoreOptions {

    @Option(
            names = "--data",
            defaultValue = "data",
            paramLabel = "DIR",
            description = "Folder of the embedded catalog database (default: ${DEFAULT-VALUE}).")
    Path data;

    @Option(
            names = "--jdbc-url",
            paramLabel = "URL",
            description = "PostgreSQL JDBC URL; when set, the catalog lives there instead of --data.")
    String jdbcUrl;

    @Option(
            names = "--jdbc-user",
            defaultValue = "postgres",
            description = "Database user (default: ${DEFAULT-VALUE}).")
    String jdbcUser;

    @Option(
            names = "--jdbc-password",
            defaultValue = "",
            description = "Database password (prefer LAKEGATE_JDBC_PASSWORD).")
    String jdbcPassword;

    JdbcCatalogStore open() {
        if (jdbcUrl != null && !jdbcUrl.isEmpty()) {
            return JdbcCatalogStore.openPostgres(jdbcUrl, jdbcUser, jdbcPassword);
        }
        return JdbcCatalogStore.openH2(data);
    }

    String describe() {
        if (jdbcUrl != null && !jdbcUrl.isEmpty()) {
            return "PostgreSQL at " + jdbcUrl.replaceAll("password=[^&;]*", "password=***");
        }
        return "embedded H2 in " + data.toAbsolutePath().normalize();
    }
}

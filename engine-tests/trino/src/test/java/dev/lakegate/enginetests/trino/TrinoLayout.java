package dev.lakegate.enginetests.trino;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A Trino server's folders for one run, as Trino's tarball lays them out: {@code etc/config.properties} (one node,
 * coordinator and worker, on 127.0.0.1), {@code etc/catalog/hive.properties} and {@code iceberg.properties} on
 * the metastore's Thrift address with Trino's Hadoop file system support, and {@code plugin/hive-iceberg} holding
 * the connectors' jars as engine-tests/trino/plugins laid them out, Hadoop's in its {@code hdfs/}.
 */
record TrinoLayout(Path etc, Path serverLib, Path pluginDir, int httpPort, String version) {

    /** The connectors' plugin classes, which a Trino plugin folder names in its service descriptor. */
    static final List<String> PLUGINS =
            List.of("io.trino.plugin.hive.HivePlugin", "io.trino.plugin.iceberg.IcebergPlugin");

    static TrinoLayout create(Path dir, String metastoreUri, int httpPort) throws IOException {
        return create(dir, metastoreUri, httpPort, Map.of());
    }

    /** The same, both catalogs also given {@code metastoreSettings} (how they authenticate to the metastore). */
    static TrinoLayout create(Path dir, String metastoreUri, int httpPort, Map<String, String> metastoreSettings)
            throws IOException {
        String version = System.getProperty("trino.version");
        Path serverLib = laidOut("trino.server.lib", "trino-main-" + version + ".jar", "engine-tests/trino/server");
        Path pluginsLib = laidOut("trino.plugins.lib", "trino-hive-" + version + ".jar", "engine-tests/trino/plugins");
        Path etc = Files.createDirectories(dir.resolve("etc"));
        Path catalogs = Files.createDirectories(etc.resolve("catalog"));
        Path pluginDir = Files.createDirectories(dir.resolve("plugin").resolve("hive-iceberg"));
        linkJars(pluginsLib, pluginDir);
        // Trino loads trino-hdfs and Hadoop from hdfs/ beside the connector's jars, in a class loader that takes
        // only the SPI, Guava and Trino's file system interfaces from the connector's: the rest comes from there.
        Path hdfsDir = Files.createDirectories(pluginDir.resolve("hdfs"));
        linkJars(pluginsLib, hdfsDir);
        linkJars(Path.of(System.getProperty("trino.hdfs.lib")), hdfsDir);
        writeServiceDescriptor(pluginDir.resolve("lakegate-plugin-services.jar"));

        Map<String, String> config = new LinkedHashMap<>();
        config.put("coordinator", "true");
        config.put("node-scheduler.include-coordinator", "true");
        config.put("node.environment", "lakegate_engine_tests");
        config.put("node.id", "trino-" + httpPort);
        config.put("node.bind-ip", "127.0.0.1");
        config.put("node.internal-address", "127.0.0.1");
        config.put("http-server.http.port", Integer.toString(httpPort));
        config.put("discovery.uri", "http://127.0.0.1:" + httpPort);
        config.put("plugin.dir", dir.resolve("plugin").toString());
        config.put("catalog.config-dir", catalogs.toString());
        config.put("web-ui.enabled", "false");
        config.put("query.max-memory", "256MB");
        config.put("query.max-memory-per-node", "256MB");
        write(etc.resolve("config.properties"), config);

        Map<String, String> hive = catalog("hive", metastoreUri);
        hive.putAll(metastoreSettings);
        write(catalogs.resolve("hive.properties"), hive);
        Map<String, String> iceberg = catalog("iceberg", metastoreUri);
        iceberg.putAll(metastoreSettings);
        iceberg.put("iceberg.catalog.type", "hive_metastore");
        write(catalogs.resolve("iceberg.properties"), iceberg);
        return new TrinoLayout(etc, serverLib, pluginDir, httpPort, version);
    }

    /**
     * A catalog of {@code connector} on the metastore, its files through Trino's Hadoop file system support: the
     * metastores hand out {@code file:/...} locations (Hadoop's form, which HMS 3.1.3 writes whatever it is
     * given), and Trino's native local file system lists such a folder's files as {@code local:///...}, which
     * the Hive connector then takes for files outside the folder and skips: its tables would read back empty.
     */
    private static Map<String, String> catalog(String connector, String metastoreUri) {
        Map<String, String> catalog = new LinkedHashMap<>();
        catalog.put("connector.name", connector);
        catalog.put("hive.metastore.uri", metastoreUri);
        catalog.put("fs.hadoop.enabled", "true");
        return catalog;
    }

    private static Path laidOut(String property, String marker, String module) {
        Path lib = Path.of(System.getProperty(property));
        if (!Files.isRegularFile(lib.resolve(marker))) {
            throw new IllegalStateException(lib + " holds no " + marker + " (the root POM's trino.version): lay it out"
                    + " with mvn generate-resources -pl " + module
                    + ", whose own trino.version must equal the root POM's");
        }
        return lib;
    }

    /** The plugin folder gets links, not copies: a few hundred MB of jars stay where Maven put them. */
    private static void linkJars(Path from, Path to) throws IOException {
        try (Stream<Path> jars = Files.list(from)) {
            for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).toList()) {
                Files.createSymbolicLink(to.resolve(jar.getFileName()), jar.toAbsolutePath());
            }
        }
    }

    /**
     * {@code META-INF/services/io.trino.spi.Plugin}, which Trino's plugin packaging writes into each plugin folder
     * it builds; the connectors' jars on Central do not carry it, and without it Trino finds no plugin there.
     */
    private static void writeServiceDescriptor(Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream jarOut = new JarOutputStream(out)) {
            jarOut.putNextEntry(new JarEntry("META-INF/services/io.trino.spi.Plugin"));
            jarOut.write((String.join("\n", PLUGINS) + "\n").getBytes(StandardCharsets.UTF_8));
            jarOut.closeEntry();
        }
    }

    private static void write(Path file, Map<String, String> properties) throws IOException {
        Files.writeString(
                file,
                properties.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining("\n", "", "\n")),
                StandardCharsets.UTF_8);
    }
}

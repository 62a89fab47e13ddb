package dev.lakegate.conformance.targets;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One Apache Hive Metastore release as the build laid it out: its binary distribution unpacked into
 * {@code target/hms-<version>/} (its {@code lib/} and schema {@code scripts/}), what a Hadoop installation
 * would add in {@code target/hms-hadoop-lib/}, and release-specific extras in
 * {@code target/hms-<version>/extra-lib/}. What differs between releases is said here and nowhere else.
 */
public record HmsServer(String version, Path home, Path hadoopLib) {

    /** The folder the build lays the servers out in (the module's {@code target/}). */
    public static Path serversDir() {
        String dir = System.getProperty("lakegate.hms.servers.dir");
        return dir != null ? Path.of(dir) : Path.of("target");
    }

    public static HmsServer of(String version) {
        Path home = serversDir().resolve("hms-" + version);
        if (!Files.isDirectory(home.resolve("lib"))) {
            throw new IllegalStateException("HMS " + version + " is not laid out in " + home
                    + " (run the module's build up to generate-test-resources; known: 3.1.3, 4.0.0, 4.0.1)");
        }
        return new HmsServer(version, home, serversDir().resolve("hms-hadoop-lib"));
    }

    public int major() {
        return Integer.parseInt(version.substring(0, version.indexOf('.')));
    }

    /** The server's classpath, in order: the distribution's lib, the release's extras, then Hadoop's. */
    public List<Path> classpath() {
        List<Path> cp = new ArrayList<>();
        cp.addAll(jars(home.resolve("lib")));
        cp.addAll(jars(home.resolve("extra-lib")));
        cp.addAll(jars(hadoopLib));
        return cp;
    }

    public String serverMainClass() {
        return "org.apache.hadoop.hive.metastore.HiveMetaStore";
    }

    public String schemaToolMainClass() {
        return major() >= 4
                ? "org.apache.hadoop.hive.metastore.tools.schematool.MetastoreSchemaTool"
                : "org.apache.hadoop.hive.metastore.tools.MetastoreSchemaTool";
    }

    /**
     * The listener that writes the notification log, when this release can have it. It lives in
     * HCatalog's server extensions, published for 3.1.3 but for no 4.0.x release.
     */
    public Optional<String> notificationListener() {
        return major() >= 4 ? Optional.empty() : Optional.of("org.apache.hive.hcatalog.listener.DbNotificationListener");
    }

    /**
     * Whether {@code metastore.thrift.bind.host} is honoured. 3.1.3 passes no host to its server socket
     * and listens on every address; 4.0 binds the configured one.
     */
    public boolean honoursBindHost() {
        return major() >= 4;
    }

    private static List<Path> jars(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

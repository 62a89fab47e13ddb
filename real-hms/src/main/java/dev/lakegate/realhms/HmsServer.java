package dev.lakegate.realhms;

import static java.util.Objects.requireNonNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One Apache Hive Metastore release as a build laid it out: its binary distribution unpacked into
 * {@code home} ({@code hms-<version>/}: its {@code lib/} and schema {@code scripts/}), what a Hadoop
 * installation would add in {@code hadoopLib} ({@code hms-hadoop-lib/}), and release-specific extras in
 * {@code home/extra-lib/}. What differs between releases is said here and nowhere else.
 */
public record HmsServer(String version, Path home, Path hadoopLib) {

    public HmsServer {
        requireNonNull(version, "version is null");
        home = requireNonNull(home, "home is null").toAbsolutePath();
        hadoopLib = requireNonNull(hadoopLib, "hadoopLib is null").toAbsolutePath();
    }

    /** The release as the poms lay it out in one folder: {@code hms-<version>/} beside {@code hms-hadoop-lib/}. */
    public static HmsServer in(Path serversDir, String version) {
        return new HmsServer(version, serversDir.resolve("hms-" + version), serversDir.resolve("hms-hadoop-lib"));
    }

    /** This release, when its folders are there; else fails, saying how to make them with {@code howToBuild}. */
    public HmsServer requireLaidOut(String howToBuild) {
        if (!Files.isDirectory(home.resolve("lib"))) {
            throw new IllegalStateException("HMS " + version + " is not laid out in " + home + " (" + howToBuild + ")");
        }
        if (!Files.isDirectory(hadoopLib)) {
            throw new IllegalStateException("missing " + hadoopLib + " (" + howToBuild + ")");
        }
        return this;
    }

    public int major() {
        return Integer.parseInt(version.substring(0, version.indexOf('.')));
    }

    /** The server's classpath, in order: the distribution's lib, the release's extras, then Hadoop's. */
    public List<Path> classpath() {
        List<Path> cp = new ArrayList<>();
        cp.addAll(FileTrees.jars(home.resolve("lib")));
        cp.addAll(FileTrees.jars(home.resolve("extra-lib")));
        cp.addAll(FileTrees.jars(hadoopLib));
        return List.copyOf(cp);
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
        return major() >= 4
                ? Optional.empty()
                : Optional.of("org.apache.hive.hcatalog.listener.DbNotificationListener");
    }

    /**
     * Whether {@code metastore.thrift.bind.host} is honoured. 3.1.3 passes no host to its server socket
     * and listens on every address; 4.0 binds the configured one.
     */
    public boolean honoursBindHost() {
        return major() >= 4;
    }
}

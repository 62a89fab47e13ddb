package dev.lakegate.bench.thrift;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Properties;

/** What the build filled in for the Thrift benchmark, and where its jar is (the servers are laid out beside it). */
public final class BuildInfo {

    private static final Properties BUILD = load();

    private BuildInfo() {}

    /** The HMS release the build laid out. */
    public static String hmsVersion() {
        return BUILD.getProperty("hms.version", "4.0.1");
    }

    static String idlVersion() {
        return BUILD.getProperty("hive.idl.version", "?");
    }

    static String libthriftVersion() {
        return BUILD.getProperty("libthrift.version", "?");
    }

    /** The folder of lakegate-benchmarks.jar (or of the classes, when run from an IDE). */
    public static Path jarDir() {
        try {
            Path location = Path.of(BuildInfo.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return location.getParent().toAbsolutePath();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/thrift-benchmark.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}

package dev.lakegate.conformance.targets;

import static java.util.Objects.requireNonNull;

import dev.lakegate.conformance.scenarios.LockScenarios;
import dev.lakegate.realhms.HmsProcess;
import dev.lakegate.realhms.HmsServer;
import dev.lakegate.realhms.Loopback;
import dev.lakegate.realhms.MetastoreDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference: a real Apache Hive Metastore ({@link HmsProcess}) in a child JVM, with embedded Derby in a
 * folder of its own (schema by the release's own schema tool, once per build, then copied), a warehouse
 * folder on this machine shared with the tests, the notification log on where the release can have it,
 * ACID and compaction threads off, listening on 127.0.0.1 at a port picked here.
 *
 * <p>Its output goes to {@code target/hms-logs/<name>.log}; a failure to start quotes the end of it.
 */
public final class RealHiveMetastore implements MetastoreTarget {

    public static final String HOST = Loopback.HOST;

    /** Small and quick to start: the scenarios make few calls, and two metastores share the 2 cores. */
    private static final List<String> JVM_FLAGS =
            List.of("-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.net.preferIPv4Stack=true");

    private final HmsProcess.Launch launch;
    /** The last one started, kept after it stops (its port stays in reports); null before a start. */
    private volatile HmsProcess process;

    public RealHiveMetastore(HmsServer server, Path workDir, Path logFile, MetastoreDatabase database) {
        this(new HmsProcess.Launch(
                requireNonNull(server, "server is null"),
                workDir,
                logFile,
                JVM_FLAGS,
                database,
                "INFO",
                settings(server)));
    }

    private RealHiveMetastore(HmsProcess.Launch launch) {
        this.launch = launch;
    }

    /**
     * This metastore, not yet started, with {@code moreSettings} over its settings (Hadoop's {@code hadoop.*} go
     * to its core-site.xml too) and {@code moreJvmFlags} after its JVM flags: Kerberos, say.
     */
    public RealHiveMetastore with(Map<String, String> moreSettings, List<String> moreJvmFlags) {
        Map<String, String> s = new LinkedHashMap<>(launch.settings());
        s.putAll(moreSettings);
        List<String> flags = new ArrayList<>(launch.jvmFlags());
        flags.addAll(moreJvmFlags);
        return new RealHiveMetastore(new HmsProcess.Launch(
                launch.server(),
                launch.workDir(),
                launch.logFile(),
                flags,
                launch.database(),
                launch.rootLogLevel(),
                s));
    }

    /** A metastore of that release on embedded Derby, working in a fresh folder under {@code parent}. */
    public static RealHiveMetastore create(String version, Path parent, Path logsDir) {
        return create(version, parent, logsDir, new MetastoreDatabase.Derby(true));
    }

    /**
     * A metastore of that release keeping its metadata in {@code database}, working in a fresh folder under
     * {@code parent}. HMS's transaction handler needs a database server: on embedded Derby, HMS 4.0.1 cannot
     * open a transaction (Derby fails the batch insert that returns the new ids) and HMS 3.1.3's commits wait
     * on Derby's locks until the client gives up.
     */
    public static RealHiveMetastore create(String version, Path parent, Path logsDir, MetastoreDatabase database) {
        try {
            Files.createDirectories(parent);
            Path work = Files.createTempDirectory(parent, "hms-" + version + "-");
            return new RealHiveMetastore(
                    Targets.hmsServer(version), work, logsDir.resolve(work.getFileName() + ".log"), database);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the conformance runs need beyond what every real HMS here runs with. */
    private static Map<String, String> settings(HmsServer server) {
        Map<String, String> s = new LinkedHashMap<>();
        server.notificationListener().ifPresent(l -> s.put("metastore.transactional.event.listeners", l));
        // Let any client read the notification log. MetastoreConf's own name for this is misspelt
        // ("metastore.metastore.event...") in 3.1 and 4.0; the Hive name is read by both.
        s.put("hive.metastore.event.db.notification.api.auth", "false");
        s.put("metastore.server.min.threads", "8");
        s.put("metastore.server.max.threads", "100");
        // The event cleaner, and the housekeeper that times out locks left without a heartbeat (every second).
        s.put(
                "metastore.task.threads.always",
                "org.apache.hadoop.hive.metastore.events.EventCleanerTask," + houseKeeper(server));
        s.put("metastore.timedout.txn.reaper.interval", "1s"); // 3.x
        s.put("metastore.acid.housekeeper.interval", "1s"); // 4.x
        // Locks lapse without a heartbeat after this long, so that the lock scenarios can see one expire.
        s.put("metastore.txn.timeout", LockScenarios.TIMEOUT_SECONDS + "s");
        return s;
    }

    /** The housekeeper's class, which HMS 4 moved into a package of services. */
    private static String houseKeeper(HmsServer server) {
        return server.major() == 3
                ? "org.apache.hadoop.hive.metastore.txn.AcidHouseKeeperService"
                : "org.apache.hadoop.hive.metastore.txn.service.AcidHouseKeeperService";
    }

    public HmsServer server() {
        return launch.server();
    }

    @Override
    public String name() {
        return "hms-" + launch.server().version();
    }

    /** Where its output goes: its log, HMS's audit lines ({@code ugi=… cmd=…}) among them. */
    public Path logFile() {
        return launch.logFile();
    }

    @Override
    public URI thriftUri() {
        HmsProcess started = process;
        if (started == null) {
            throw new IllegalStateException(name() + " is not started");
        }
        return URI.create("thrift://" + HOST + ":" + started.port());
    }

    @Override
    public Path warehouseDir() {
        return launch.warehouseDir();
    }

    /** Milliseconds the schema took (the copy, when copied from this build's template), -1 before start. */
    public long schemaMillis() {
        HmsProcess started = process;
        return started == null ? -1 : started.schemaMillis();
    }

    /** Milliseconds from launching the server JVM to its first answered Thrift call, -1 before start. */
    public long serverMillis() {
        HmsProcess started = process;
        return started == null ? -1 : started.serverMillis();
    }

    public String startupReport() {
        HmsProcess started = process;
        return String.format(
                "%s started in %.1f s: schema %.1f s (%s), server %.1f s; port %d; log %s",
                name(),
                (started.schemaMillis() + started.serverMillis()) / 1000.0,
                started.schemaMillis() / 1000.0,
                started.schemaFromTemplate() ? "copied from the template" : "schema tool",
                started.serverMillis() / 1000.0,
                started.port(),
                launch.logFile());
    }

    @Override
    public synchronized void start() throws Exception {
        if (process != null && process.isRunning()) {
            return;
        }
        process = null;
        process = HmsProcess.start(launch);
    }

    @Override
    public synchronized void stop() {
        if (process != null) {
            process.close();
        }
    }

    public boolean isRunning() {
        HmsProcess started = process;
        return started != null && started.isRunning();
    }

    @Override
    public String toString() {
        return name() + (process != null ? " at " + thriftUri() : "");
    }
}

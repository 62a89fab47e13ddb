package dev.lakegate.realhms;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A real Apache Hive Metastore in a child JVM: its own distribution's classpath, its database with the schema
 * made by the release's own schema tool, a {@code file:} warehouse in its folder, listening on 127.0.0.1 at a
 * port picked free. Ready once it answers the hand-written {@link ThriftProbe} (the {@link SaslProbe} when SASL
 * is on); how long the schema and the
 * server took is kept for reports. Its output (the schema tool's, then the server's) goes to the log file.
 */
public final class HmsProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final int START_ATTEMPTS = 3;
    /** The schema tool is a short-lived JVM of its own: its flags matter to nothing a caller measures. */
    private static final List<String> SCHEMA_TOOL_FLAGS =
            List.of("-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    /**
     * A metastore of {@code server} working in {@code workDir} ({@code conf/}, {@code metastore_db/},
     * {@code warehouse/}, {@code tmp/}), its server JVM run with {@code jvmFlags}, its root logger at
     * {@code rootLogLevel}, and {@code settings} over the ones every metastore here runs with.
     */
    public record Launch(
            HmsServer server,
            Path workDir,
            Path logFile,
            List<String> jvmFlags,
            MetastoreDatabase database,
            String rootLogLevel,
            Map<String, String> settings) {

        public Launch {
            requireNonNull(server, "server is null");
            workDir = requireNonNull(workDir, "workDir is null").toAbsolutePath();
            logFile = requireNonNull(logFile, "logFile is null").toAbsolutePath();
            jvmFlags = List.copyOf(requireNonNull(jvmFlags, "jvmFlags is null"));
            requireNonNull(database, "database is null");
            requireNonNull(rootLogLevel, "rootLogLevel is null");
            settings = Map.copyOf(requireNonNull(settings, "settings is null"));
        }

        public Path warehouseDir() {
            return workDir.resolve("warehouse");
        }

        Path confDir() {
            return workDir.resolve("conf");
        }

        Path derbyDir() {
            return workDir.resolve("metastore_db");
        }

        /** Whether the settings turn SASL on ({@code hive.metastore.sasl.enabled}): then the port is SASL-only. */
        public boolean saslOnly() {
            return "true".equalsIgnoreCase(settings.get("metastore.sasl.enabled"))
                    || "true".equalsIgnoreCase(settings.get("hive.metastore.sasl.enabled"));
        }
    }

    private final Launch launch;
    private final ChildJvm jvm;
    private final int port;
    private final long schemaMillis;
    private final boolean schemaFromTemplate;
    private final long serverMillis;

    private HmsProcess(
            Launch launch, ChildJvm jvm, int port, long schemaMillis, boolean schemaFromTemplate, long serverMillis) {
        this.launch = launch;
        this.jvm = jvm;
        this.port = port;
        this.schemaMillis = schemaMillis;
        this.schemaFromTemplate = schemaFromTemplate;
        this.serverMillis = serverMillis;
    }

    /** Makes the schema, then starts the server and returns once it answers a Thrift call. */
    public static HmsProcess start(Launch launch) throws Exception {
        Files.createDirectories(launch.warehouseDir());
        Files.createDirectories(launch.workDir().resolve("tmp"));

        long t0 = System.nanoTime();
        boolean fromTemplate = false;
        if (launch.database() instanceof MetastoreDatabase.Derby derby && derby.fromTemplate()) {
            fromTemplate = copyTemplate(launch);
        } else if (!launch.database().schemaMade()) {
            writeConf(launch, launch.derbyDir());
            runSchemaTool(launch);
        }
        long schemaMillis = (System.nanoTime() - t0) / 1_000_000;

        Exception last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            int port = Loopback.freePort();
            writeConf(launch, launch.derbyDir());
            long t1 = System.nanoTime();
            ChildJvm jvm = ChildJvm.start(childLaunch(
                    launch,
                    "HMS " + launch.server().version(),
                    serverFlags(launch),
                    launch.server().serverMainClass(),
                    List.of("-p", Integer.toString(port))));
            try {
                awaitReady(jvm, port, launch.saslOnly());
                return new HmsProcess(
                        launch, jvm, port, schemaMillis, fromTemplate, (System.nanoTime() - t1) / 1_000_000);
            } catch (Exception e) {
                last = e;
                jvm.close();
                if (!jvm.tail(200).contains("Address already in use")) {
                    break; // only a lost race for the port is worth another try
                }
            }
        }
        throw last;
    }

    public HmsServer server() {
        return launch.server();
    }

    public int port() {
        return port;
    }

    public ChildJvm jvm() {
        return jvm;
    }

    public boolean isRunning() {
        return jvm.isAlive();
    }

    public Path warehouseDir() {
        return launch.warehouseDir();
    }

    public Path logFile() {
        return launch.logFile();
    }

    /** Milliseconds the schema took: the schema tool's run, or copying the template. */
    public long schemaMillis() {
        return schemaMillis;
    }

    /** Whether the schema was copied from the template an earlier metastore of this release made. */
    public boolean schemaFromTemplate() {
        return schemaFromTemplate;
    }

    /** Milliseconds from launching the server JVM to its first answered Thrift call. */
    public long serverMillis() {
        return serverMillis;
    }

    @Override
    public void close() {
        jvm.close();
    }

    // --- the schema -------------------------------------------------------------------------------------

    /**
     * Copies the release's Derby template into this metastore's folder, first making the template with the
     * schema tool if no metastore of this build has yet. Returns whether the template was there already.
     */
    private static boolean copyTemplate(Launch launch) throws Exception {
        Path home = launch.server().home();
        Path template = home.resolve("derby-template");
        boolean existed = Files.isDirectory(template);
        if (!existed) {
            Path fresh = Files.createTempDirectory(home, "derby-template-");
            Path db = fresh.resolve("db");
            writeConf(launch, db);
            runSchemaTool(launch);
            try {
                Files.move(db, template, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                // another start made it first; use theirs
            } catch (IOException e) {
                if (!Files.isDirectory(template)) {
                    throw e;
                }
            }
            FileTrees.delete(fresh);
        }
        FileTrees.copy(template, launch.derbyDir());
        return existed;
    }

    private static void runSchemaTool(Launch launch) throws Exception {
        HmsServer server = launch.server();
        List<String> flags = new ArrayList<>(SCHEMA_TOOL_FLAGS);
        flags.addAll(processFlags(launch));
        try (ChildJvm tool = ChildJvm.start(childLaunch(
                launch,
                "the schema tool of HMS " + server.version(),
                flags,
                server.schemaToolMainClass(),
                List.of("-initSchema", "-dbType", launch.database().schemaToolType())))) {
            int exit = tool.await(START_TIMEOUT);
            if (exit != 0) {
                throw new IllegalStateException(
                        tool.name() + " failed (exit " + exit + "); end of " + tool.logFile() + ":\n" + tool.tail(40));
            }
        }
    }

    // --- the child JVMs ---------------------------------------------------------------------------------

    private static void writeConf(Launch launch, Path derbyDir) throws IOException {
        MetastoreSite.write(
                launch.confDir(),
                MetastoreSite.settings(
                        launch.database().connection(derbyDir),
                        FileTrees.hadoopUri(launch.warehouseDir()),
                        launch.settings()),
                launch.rootLogLevel());
    }

    private static List<String> serverFlags(Launch launch) {
        List<String> flags = new ArrayList<>(launch.jvmFlags());
        flags.addAll(processFlags(launch));
        return flags;
    }

    /** What both the schema tool and the server get: their own temporary folder and Derby log, safe log4j. */
    private static List<String> processFlags(Launch launch) {
        return List.of(
                "-Djava.io.tmpdir=" + launch.workDir().resolve("tmp"),
                "-Dlog4j2.formatMsgNoLookups=true",
                "-Dderby.stream.error.file=" + launch.workDir().resolve("derby.log"));
    }

    private static ChildJvm.Launch childLaunch(
            Launch launch, String name, List<String> flags, String mainClass, List<String> arguments) {
        List<Path> classpath = new ArrayList<>();
        classpath.add(launch.confDir());
        classpath.addAll(launch.server().classpath());
        return new ChildJvm.Launch(
                name,
                flags,
                classpath,
                mainClass,
                arguments,
                launch.workDir(),
                launch.logFile(),
                Map.of(
                        "METASTORE_HOME",
                        launch.server().home().toString(),
                        "METASTORE_CONF_DIR",
                        launch.confDir().toString()));
    }

    private static void awaitReady(ChildJvm jvm, int port, boolean saslOnly) throws Exception {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        IOException lastFailure = null;
        while (System.nanoTime() < deadline) {
            jvm.checkAlive("before answering");
            try {
                if (saslOnly) {
                    SaslProbe.refusedMechanism(Loopback.HOST, port, 2_000);
                } else {
                    ThriftProbe.getAllDatabases(Loopback.HOST, port, 2_000);
                }
                return;
            } catch (IOException e) {
                lastFailure = e;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(jvm.name() + " did not answer get_all_databases on port " + port + " within "
                + START_TIMEOUT.toSeconds() + " s (last: " + lastFailure + "); end of " + jvm.logFile() + ":\n"
                + jvm.tail(60));
    }
}

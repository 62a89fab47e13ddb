package dev.lakegate.conformance.targets;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A real Apache Hive Metastore in a child JVM: its own distribution's classpath, embedded Derby in a
 * folder of its own (schema made by the release's own schema tool), a warehouse folder on this machine
 * shared with the tests, the notification log on where the release can have it, ACID and compaction
 * threads off, listening on 127.0.0.1 at a port picked here.
 *
 * <p>Its output goes to {@code target/hms-logs/<name>.log}; a failure to start quotes the end of it.
 */
public final class RealHiveMetastore implements MetastoreTarget {

    public static final String HOST = "127.0.0.1";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final Duration STOP_GRACE = Duration.ofSeconds(15);
    private static final int START_ATTEMPTS = 3;
    private static final String CHILD_HEAP = "-Xmx512m";

    private final HmsServer server;
    private final Path workDir;
    private final Path logFile;

    private Process process;
    private int port = -1;
    private long schemaMillis = -1;
    private long serverMillis = -1;
    private boolean schemaFromTemplate;

    public RealHiveMetastore(HmsServer server, Path workDir, Path logFile) {
        this.server = server;
        this.workDir = workDir.toAbsolutePath();
        this.logFile = logFile.toAbsolutePath();
    }

    /** A metastore of that release working in a fresh folder under {@code parent}. */
    public static RealHiveMetastore create(String version, Path parent, Path logsDir) {
        try {
            Files.createDirectories(parent);
            Path work = Files.createTempDirectory(parent, "hms-" + version + "-");
            return new RealHiveMetastore(HmsServer.of(version), work, logsDir.resolve(work.getFileName() + ".log"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public HmsServer server() {
        return server;
    }

    @Override
    public String name() {
        return "hms-" + server.version();
    }

    @Override
    public URI thriftUri() {
        if (port < 0) {
            throw new IllegalStateException(name() + " is not started");
        }
        return URI.create("thrift://" + HOST + ":" + port);
    }

    @Override
    public Path warehouseDir() {
        return workDir.resolve("warehouse");
    }

    public Path logFile() {
        return logFile;
    }

    /** Milliseconds the schema took (0 when copied from this build's template), -1 before start. */
    public long schemaMillis() {
        return schemaMillis;
    }

    /** Milliseconds from launching the server JVM to its first answered Thrift call, -1 before start. */
    public long serverMillis() {
        return serverMillis;
    }

    public String startupReport() {
        return String.format("%s started in %.1f s: schema %.1f s (%s), server %.1f s; port %d; log %s",
                name(), (schemaMillis + serverMillis) / 1000.0, schemaMillis / 1000.0,
                schemaFromTemplate ? "copied from the template" : "schema tool", serverMillis / 1000.0,
                port, logFile);
    }

    @Override
    public synchronized void start() throws Exception {
        if (process != null && process.isAlive()) {
            return;
        }
        Files.createDirectories(warehouseDir());
        Files.createDirectories(logFile.getParent());
        Files.createDirectories(workDir.resolve("tmp"));
        Path launcherDir = copyWatchdog(workDir.resolve("launcher"));

        long t0 = System.nanoTime();
        prepareDatabase(launcherDir);
        schemaMillis = (System.nanoTime() - t0) / 1_000_000;

        Exception last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            port = freePort();
            writeConf(databaseDir());
            long t1 = System.nanoTime();
            process = launch(launcherDir, List.of(server.serverMainClass(), "-p", Integer.toString(port)), true);
            try {
                awaitReady();
                serverMillis = (System.nanoTime() - t1) / 1_000_000;
                return;
            } catch (Exception e) {
                last = e;
                stop();
                if (!tail(logFile, 200).contains("Address already in use")) {
                    break; // only a lost race for the port is worth another try
                }
            }
        }
        port = -1;
        throw last;
    }

    @Override
    public synchronized void stop() {
        Process p = process;
        if (p == null) {
            return;
        }
        process = null;
        ChildProcesses.stop(p, STOP_GRACE);
    }

    public boolean isRunning() {
        Process p = process;
        return p != null && p.isAlive();
    }

    /** The child's process id, while it runs. */
    public long pid() {
        Process p = process;
        if (p == null) {
            throw new IllegalStateException(name() + " is not started");
        }
        return p.pid();
    }

    // --- the metastore database ---------------------------------------------------------------------

    private Path databaseDir() {
        return workDir.resolve("metastore_db");
    }

    /**
     * Makes the Derby database with the release's schema tool, once per build: the first start in a build
     * runs the tool into a template folder beside the distribution, later starts copy the template.
     */
    private void prepareDatabase(Path launcherDir) throws Exception {
        Path template = server.home().resolve("derby-template");
        if (!Files.isDirectory(template)) {
            Path fresh = Files.createTempDirectory(server.home(), "derby-template-");
            Path db = fresh.resolve("db");
            writeConf(db);
            Process tool = launch(launcherDir,
                    List.of(server.schemaToolMainClass(), "-initSchema", "-dbType", "derby"), false);
            if (!tool.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                tool.destroyForcibly();
                throw new IllegalStateException("the schema tool of " + name() + " did not finish; see " + logFile);
            }
            if (tool.exitValue() != 0) {
                throw new IllegalStateException("the schema tool of " + name() + " failed (exit " + tool.exitValue()
                        + "); end of " + logFile + ":\n" + tail(logFile, 40));
            }
            try {
                Files.move(db, template, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                // another start made it first; use theirs
            } catch (IOException e) {
                if (!Files.isDirectory(template)) {
                    throw e;
                }
            }
            deleteTree(fresh);
        } else {
            schemaFromTemplate = true;
        }
        copyTree(template, databaseDir());
    }

    // --- configuration --------------------------------------------------------------------------------

    private Path confDir() {
        return workDir.resolve("conf");
    }

    private void writeConf(Path database) throws IOException {
        Path dir = confDir();
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("metastore-site.xml"), siteXml(settings(database)), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("metastore-log4j2.properties"), LOG4J2, StandardCharsets.UTF_8);
    }

    /** Every setting the harness makes, by its MetastoreConf name (3.1 and 4.0 read both spellings). */
    Map<String, String> settings(Path database) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("javax.jdo.option.ConnectionURL", "jdbc:derby:;databaseName=" + database + ";create=true");
        s.put("javax.jdo.option.ConnectionDriverName", "org.apache.derby.jdbc.EmbeddedDriver");
        // The schema tool made the schema, so the server may check it and must not invent tables.
        s.put("metastore.schema.verification", "true");
        s.put("datanucleus.schema.autoCreateAll", "false");
        s.put("metastore.warehouse.dir", warehouseUri()); // file:/…/warehouse, as Lakegate is given it
        server.notificationListener().ifPresent(l -> s.put("metastore.transactional.event.listeners", l));
        // Let any client read the notification log. MetastoreConf's own name for this is misspelt
        // ("metastore.metastore.event...") in 3.1 and 4.0; the Hive name is read by both.
        s.put("hive.metastore.event.db.notification.api.auth", "false");
        s.put("metastore.thrift.bind.host", HOST);
        s.put("metastore.server.min.threads", "8");
        s.put("metastore.server.max.threads", "100");
        // No ACID housekeeping and no compaction: nothing runs in the background but the event cleaner.
        s.put("metastore.compactor.initiator.on", "false");
        s.put("metastore.compactor.cleaner.on", "false");
        s.put("metastore.compactor.worker.threads", "0");
        s.put("metastore.housekeeping.threads.on", "false");
        // The event cleaner, and the housekeeper that times out locks left without a heartbeat (every second).
        s.put("metastore.task.threads.always", "org.apache.hadoop.hive.metastore.events.EventCleanerTask,"
                + "org.apache.hadoop.hive.metastore.txn.AcidHouseKeeperService");
        s.put("metastore.timedout.txn.reaper.interval", "1s");
        // As each distribution's own metastore-site.xml has it (the default names a Hive-exec class).
        s.put("metastore.expression.proxy", "org.apache.hadoop.hive.metastore.DefaultPartitionExpressionProxy");
        s.put("metastore.metrics.enabled", "false");
        // Locks lapse after 3 s without a heartbeat, so that the lock scenarios can see one expire.
        s.put("metastore.txn.timeout", "3s");
        // Asynchronous logging wants the LMAX disruptor, which only a full Hive installation brings.
        s.put("metastore.async.log.enabled", "false");
        return s;
    }

    private static String siteXml(Map<String, String> settings) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<!-- written by the conformance harness -->\n<configuration>\n");
        settings.forEach((k, v) -> xml.append("  <property><name>").append(escape(k)).append("</name><value>")
                .append(escape(v)).append("</value></property>\n"));
        return xml.append("</configuration>\n").toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static final String LOG4J2 = """
            status = WARN
            name = ConformanceHms
            appender.console.type = Console
            appender.console.name = console
            appender.console.target = SYSTEM_ERR
            appender.console.layout.type = PatternLayout
            appender.console.layout.pattern = %d{HH:mm:ss.SSS} %-5p [%t] %c{2}: %m%n
            rootLogger.level = INFO
            rootLogger.appenderRef.console.ref = console
            logger.datanucleus.name = DataNucleus
            logger.datanucleus.level = WARN
            logger.datanucleus2.name = org.datanucleus
            logger.datanucleus2.level = WARN
            """;

    // --- the child JVM --------------------------------------------------------------------------------

    private Process launch(Path launcherDir, List<String> mainAndArgs, boolean append) throws IOException {
        List<String> cp = new ArrayList<>();
        cp.add(confDir().toString());
        cp.add(launcherDir.toString());
        server.classpath().forEach(p -> cp.add(p.toString()));

        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(CHILD_HEAP);
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-Djava.net.preferIPv4Stack=true");
        cmd.add("-Djava.io.tmpdir=" + workDir.resolve("tmp"));
        cmd.add("-Dlog4j2.formatMsgNoLookups=true");
        cmd.add("-Dderby.stream.error.file=" + workDir.resolve("derby.log"));
        cmd.add("-cp");
        cmd.add(String.join(java.io.File.pathSeparator, cp));
        cmd.add(ChildWatchdog.class.getName());
        cmd.addAll(mainAndArgs);

        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true);
        pb.redirectOutput(append ? ProcessBuilder.Redirect.appendTo(logFile.toFile())
                : ProcessBuilder.Redirect.to(logFile.toFile()));
        // stdin stays a pipe: the watchdog halts the child when it closes.
        pb.environment().put("METASTORE_HOME", server.home().toString());
        pb.environment().put("METASTORE_CONF_DIR", confDir().toString());
        pb.environment().remove("HADOOP_HOME");
        pb.environment().remove("HIVE_HOME");
        pb.environment().remove("HADOOP_CONF_DIR");
        pb.environment().remove("HIVE_CONF_DIR");
        Files.writeString(logFile, "=== " + String.join(" ", mainAndArgs) + "\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        return pb.start();
    }

    /** Copies {@link ChildWatchdog}'s class file into a folder of its own for the child's classpath. */
    private static Path copyWatchdog(Path dir) throws IOException {
        String resource = ChildWatchdog.class.getName().replace('.', '/') + ".class";
        Path target = dir.resolve(resource);
        Files.createDirectories(target.getParent());
        try (InputStream in = ChildWatchdog.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("cannot find " + resource);
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return dir;
    }

    private void awaitReady() throws Exception {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        IOException lastFailure = null;
        while (System.nanoTime() < deadline) {
            Process p = process;
            if (p == null || !p.isAlive()) {
                throw new IllegalStateException(name() + " exited with " + (p == null ? "?" : p.exitValue())
                        + " before answering; end of " + logFile + ":\n" + tail(logFile, 60));
            }
            try {
                ThriftProbe.getAllDatabases(HOST, port, 2_000);
                return;
            } catch (IOException e) {
                lastFailure = e;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(name() + " did not answer get_all_databases on port " + port + " within "
                + START_TIMEOUT.toSeconds() + " s (last: " + lastFailure + "); end of " + logFile + ":\n"
                + tail(logFile, 60));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        }
    }

    static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return all.subList(Math.max(0, all.size() - lines), all.size()).stream().collect(Collectors.joining("\n"));
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path dest = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(source, dest, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Override
    public String toString() {
        return name() + (port >= 0 ? " at " + thriftUri() : "");
    }
}

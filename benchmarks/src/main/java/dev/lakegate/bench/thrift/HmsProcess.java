package dev.lakegate.bench.thrift;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.thrift.TException;

/**
 * A real Apache Hive Metastore 4.x in a child JVM: the classpath of its binary distribution as the build
 * laid it out ({@code benchmarks/target/hms-<version>/lib}, then {@code hms-hadoop-lib}), embedded Derby
 * in the run's folder with the schema made by the release's own schema tool, a {@code file:} warehouse
 * beside it, listening on 127.0.0.1 (4.x honours {@code metastore.thrift.bind.host}) at a free port.
 *
 * <p>The configuration is the one conformance-tests runs its reference with, less the notification
 * listener (4.0.x has none) and its thread-pool limits: the server keeps its own defaults (200–1000
 * worker threads, direct SQL on, no caches beyond DataNucleus's defaults).
 */
public final class HmsProcess implements Server {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final String SERVER_MAIN = "org.apache.hadoop.hive.metastore.HiveMetaStore";
    private static final String SCHEMA_TOOL_MAIN = "org.apache.hadoop.hive.metastore.tools.schematool.MetastoreSchemaTool";

    private final String version;
    private final String store;
    private final ChildJvm jvm;
    private final int port;
    private final long schemaMillis;
    private final long startMillis;

    private HmsProcess(String version, String store, ChildJvm jvm, int port, long schemaMillis, long startMillis) {
        this.version = version;
        this.store = store;
        this.jvm = jvm;
        this.port = port;
        this.schemaMillis = schemaMillis;
        this.startMillis = startMillis;
    }

    /**
     * Makes the schema, then starts the server and waits for its first answer. {@code home} is the laid-out
     * distribution, {@code hadoopLib} what a Hadoop installation would add.
     */
    public static HmsProcess start(String version, Path home, Path hadoopLib, Path workDir, List<String> jvmFlags,
            String logLevel, Optional<String> postgres) throws Exception {
        if (!Files.isDirectory(home.resolve("lib"))) {
            throw new IllegalStateException("HMS " + version + " is not laid out in " + home
                    + " (run mvn -B -q install -DskipTests at the root first)");
        }
        Path conf = workDir.resolve("conf");
        Path database = workDir.resolve("metastore_db");
        Path warehouse = workDir.resolve("warehouse");
        Path tmp = workDir.resolve("tmp");
        Files.createDirectories(conf);
        Files.createDirectories(warehouse);
        Files.createDirectories(tmp);
        Files.writeString(conf.resolve("metastore-site.xml"), siteXml(settings(database, warehouse, postgres)),
                StandardCharsets.UTF_8);
        Files.writeString(conf.resolve("metastore-log4j2.properties"), log4j2(logLevel), StandardCharsets.UTF_8);

        List<Path> classpath = new ArrayList<>();
        classpath.add(conf);
        classpath.addAll(jars(home.resolve("lib")));
        classpath.addAll(jars(hadoopLib));
        List<String> flags = new ArrayList<>(jvmFlags);
        flags.add("-Djava.io.tmpdir=" + tmp);
        flags.add("-Dlog4j2.formatMsgNoLookups=true");
        flags.add("-Dderby.stream.error.file=" + workDir.resolve("derby.log"));
        Map<String, String> env = Map.of("METASTORE_HOME", home.toString(), "METASTORE_CONF_DIR", conf.toString());
        Path log = workDir.resolve("hms.log");

        long t0 = System.nanoTime();
        // The schema tool is a short-lived JVM of its own; its flags do not matter to the measurement.
        try (ChildJvm tool = ChildJvm.start("HMS schema tool", List.of("-Xmx512m", "-XX:TieredStopAtLevel=1"),
                classpath, SCHEMA_TOOL_MAIN, List.of("-initSchema", "-dbType", postgres.isPresent() ? "postgres" : "derby"), workDir, log, env)) {
            int exit = tool.await(START_TIMEOUT);
            if (exit != 0) {
                throw new IllegalStateException("the HMS schema tool failed (exit " + exit + "); end of " + log
                        + ":\n" + tool.tail(40));
            }
        }
        long schemaMillis = (System.nanoTime() - t0) / 1_000_000;

        Exception last = null;
        for (int attempt = 1; attempt <= 3; attempt++) {
            int port = Server.freePort();
            long t1 = System.nanoTime();
            ChildJvm jvm = ChildJvm.start("HMS " + version, flags, classpath, SERVER_MAIN,
                    List.of("-p", Integer.toString(port)), workDir, log, env);
            try {
                awaitReady(jvm, port);
                return new HmsProcess(version, postgres.isPresent() ? "PostgreSQL" : "embedded Derby", jvm, port, schemaMillis, (System.nanoTime() - t1) / 1_000_000);
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

    private static void awaitReady(ChildJvm jvm, int port) throws Exception {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        Exception lastFailure = null;
        while (System.nanoTime() < deadline) {
            jvm.checkAlive("before answering");
            try (Connection c = Connection.open(HOST, port, 5_000)) {
                c.client().get_all_databases();
                return;
            } catch (TException e) {
                lastFailure = e;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(jvm.name() + " did not answer on port " + port + " within "
                + START_TIMEOUT.toSeconds() + " s (last: " + lastFailure + "); end of " + jvm.logFile() + ":\n"
                + jvm.tail(60));
    }

    /** Derby in {@code database}, or the PostgreSQL database {@code postgres} names (user postgres, trust). */
    static Map<String, String> settings(Path database, Path warehouse, Optional<String> postgres) {
        Map<String, String> s = new LinkedHashMap<>();
        if (postgres.isPresent()) {
            s.put("javax.jdo.option.ConnectionURL", postgres.get());
            s.put("javax.jdo.option.ConnectionDriverName", "org.postgresql.Driver");
            s.put("javax.jdo.option.ConnectionUserName", "postgres");
            s.put("javax.jdo.option.ConnectionPassword", "");
        } else {
            s.put("javax.jdo.option.ConnectionURL", "jdbc:derby:;databaseName=" + database + ";create=true");
            s.put("javax.jdo.option.ConnectionDriverName", "org.apache.derby.jdbc.EmbeddedDriver");
        }
        s.put("metastore.schema.verification", "true");
        s.put("datanucleus.schema.autoCreateAll", "false");
        s.put("metastore.warehouse.dir", warehouse.toUri().toString());
        s.put("metastore.warehouse.external.dir", warehouse.toUri().toString());
        s.put("metastore.thrift.bind.host", HOST);
        // Nothing in the background: no compaction, no ACID housekeeping, no metrics.
        s.put("metastore.compactor.initiator.on", "false");
        s.put("metastore.compactor.cleaner.on", "false");
        s.put("metastore.compactor.worker.threads", "0");
        s.put("metastore.housekeeping.threads.on", "false");
        s.put("metastore.task.threads.always", "org.apache.hadoop.hive.metastore.events.EventCleanerTask");
        // As the distribution's own metastore-site.xml has it (the default names a Hive-exec class).
        s.put("metastore.expression.proxy", "org.apache.hadoop.hive.metastore.DefaultPartitionExpressionProxy");
        s.put("metastore.metrics.enabled", "false");
        // Asynchronous logging wants the LMAX disruptor, which only a full Hive installation brings.
        s.put("metastore.async.log.enabled", "false");
        return s;
    }

    private static String siteXml(Map<String, String> settings) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<!-- written by the Thrift benchmark -->\n<configuration>\n");
        settings.forEach((k, v) -> xml.append("  <property><name>").append(escape(k)).append("</name><value>")
                .append(escape(v)).append("</value></property>\n"));
        return xml.append("</configuration>\n").toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String log4j2(String level) {
        return """
                status = WARN
                name = BenchHms
                appender.console.type = Console
                appender.console.name = console
                appender.console.target = SYSTEM_ERR
                appender.console.layout.type = PatternLayout
                appender.console.layout.pattern = %d{HH:mm:ss.SSS} %-5p [%t] %c{2}: %m%n
                rootLogger.level = LEVEL
                rootLogger.appenderRef.console.ref = console
                logger.datanucleus.name = DataNucleus
                logger.datanucleus.level = WARN
                logger.datanucleus2.name = org.datanucleus
                logger.datanucleus2.level = WARN
                """.replace("LEVEL", level);
    }

    private static List<Path> jars(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("missing " + dir + " (run mvn -B -q install -DskipTests at the root first)");
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String label() {
        return "HMS";
    }

    @Override
    public String description() {
        return "Apache Hive Metastore " + version + " (standalone, " + store + ")";
    }

    public String version() {
        return version;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public ChildJvm jvm() {
        return jvm;
    }

    /** Milliseconds the schema tool took. */
    public long schemaMillis() {
        return schemaMillis;
    }

    @Override
    public long startMillis() {
        return startMillis;
    }

    @Override
    public void close() {
        jvm.close();
    }
}

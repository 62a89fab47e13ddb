package dev.lakegate.realhms;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The configuration folder of a real HMS, first on its classpath: {@code metastore-site.xml} and
 * {@code metastore-log4j2.properties}. Settings go by their MetastoreConf names (3.1 and 4.0 read both
 * spellings). Hadoop's own settings ({@code hadoop.*}, such as {@code hadoop.security.authentication}) also go
 * to {@code core-site.xml}: HMS never hands its configuration to Hadoop's UserGroupInformation, which reads
 * its settings from there.
 */
final class MetastoreSite {

    private static final String HADOOP_PREFIX = "hadoop.";

    private MetastoreSite() {}

    /**
     * What every metastore of this module runs with, then {@code overrides}: the database, the schema as the
     * schema tool made it, the warehouse, the loopback address, and nothing in the background but the event
     * cleaner.
     */
    static Map<String, String> settings(
            Map<String, String> connection, String warehouseUri, Map<String, String> overrides) {
        Map<String, String> s = new LinkedHashMap<>(connection);
        // The schema tool made the schema, so the server may check it and must not invent tables.
        s.put("metastore.schema.verification", "true");
        s.put("datanucleus.schema.autoCreateAll", "false");
        s.put("metastore.warehouse.dir", warehouseUri);
        s.put("metastore.thrift.bind.host", Loopback.HOST);
        // No ACID housekeeping, no compaction, no metrics.
        s.put("metastore.compactor.initiator.on", "false");
        s.put("metastore.compactor.cleaner.on", "false");
        s.put("metastore.compactor.worker.threads", "0");
        s.put("metastore.housekeeping.threads.on", "false");
        s.put("metastore.task.threads.always", "org.apache.hadoop.hive.metastore.events.EventCleanerTask");
        // As each distribution's own metastore-site.xml has it (the default names a Hive-exec class).
        s.put("metastore.expression.proxy", "org.apache.hadoop.hive.metastore.DefaultPartitionExpressionProxy");
        s.put("metastore.metrics.enabled", "false");
        // Asynchronous logging wants the LMAX disruptor, which only a full Hive installation brings.
        s.put("metastore.async.log.enabled", "false");
        s.putAll(overrides);
        return s;
    }

    static void write(Path confDir, Map<String, String> settings, String rootLogLevel) throws IOException {
        Files.createDirectories(confDir);
        Files.writeString(confDir.resolve("metastore-site.xml"), siteXml(settings), StandardCharsets.UTF_8);
        Map<String, String> hadoop = new LinkedHashMap<>();
        settings.forEach((k, v) -> {
            if (k.startsWith(HADOOP_PREFIX)) {
                hadoop.put(k, v);
            }
        });
        if (!hadoop.isEmpty()) {
            Files.writeString(confDir.resolve("core-site.xml"), siteXml(hadoop), StandardCharsets.UTF_8);
        }
        Files.writeString(confDir.resolve("metastore-log4j2.properties"), log4j2(rootLogLevel), StandardCharsets.UTF_8);
    }

    private static String siteXml(Map<String, String> settings) {
        StringBuilder xml = new StringBuilder(
                "<?xml version=\"1.0\"?>\n<!-- written by lakegate-real-hms -->\n" + "<configuration>\n");
        settings.forEach((k, v) -> xml.append("  <property><name>")
                .append(escape(k))
                .append("</name><value>")
                .append(escape(v))
                .append("</value></property>\n"));
        return xml.append("</configuration>\n").toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String log4j2(String rootLevel) {
        return """
                status = WARN
                name = RealHms
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
                """.replace("LEVEL", rootLevel);
    }
}

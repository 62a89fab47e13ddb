package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.EngineStatementFailed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.ql.DriverFactory;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.metadata.Hive;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Hive 4.0.1's own engine in this JVM, as the Hive CLI runs it: a {@link SessionState} and Hive's
 * {@link IDriver} (parser, planner, serdes, metastore client), MapReduce on its local runner, the metastore
 * remote at {@code thrift://127.0.0.1:<port>}, files in a {@code file:} folder. Hive's shipped settings
 * otherwise; transactions as {@link HiveTransactions} says.
 */
final class HiveEngine implements AutoCloseable {

    private final SessionState session;
    private final IDriver driver;

    private HiveEngine(SessionState session, IDriver driver) {
        this.session = session;
        this.driver = driver;
    }

    /**
     * An engine whose metastore is at {@code metastorePort} and whose scratch space is under {@code workDir}.
     * The settings go to a hive-site.xml, as a deployment has them: threads Hive starts itself (runtime stats,
     * the MapReduce runner) read their own HiveConf, which would otherwise fall back to an embedded metastore.
     * {@code more} goes last, over the others (a secure metastore's address and SASL settings).
     */
    static HiveEngine start(
            int metastorePort, Path warehouse, Path workDir, HiveTransactions transactions, Map<String, String> more)
            throws IOException {
        Path scratch = Files.createDirectories(workDir.resolve("scratch"));
        Path local = Files.createDirectories(workDir.resolve("local"));
        Map<String, String> site = new LinkedHashMap<>();
        site.put("hive.metastore.uris", "thrift://127.0.0.1:" + metastorePort);
        site.put("hive.metastore.warehouse.dir", warehouse.toUri().toString());
        site.put("hive.metastore.warehouse.external.dir", warehouse.toUri().toString());
        site.put("fs.defaultFS", "file:///");
        site.put("hive.execution.engine", "mr");
        site.put("mapreduce.framework.name", "local");
        site.put("hadoop.tmp.dir", local.resolve("hadoop").toString());
        site.put("hive.exec.scratchdir", scratch.toUri().toString());
        site.put("hive.exec.local.scratchdir", local.resolve("exec").toString());
        site.put("hive.downloaded.resources.dir", local.resolve("resources").toString());
        site.put("hive.querylog.location", local.resolve("querylog").toString());
        site.put("hive.exec.dynamic.partition.mode", "nonstrict");
        site.putAll(transactions.settings());
        // Map joins would fork a child JVM for their local task; nothing here needs them.
        site.put("hive.exec.submit.local.task.via.child", "false");
        site.put("hive.auto.convert.join", "false");
        site.putAll(more);
        Path siteFile = Files.createDirectories(workDir.resolve("conf")).resolve("hive-site.xml");
        Files.writeString(siteFile, siteXml(site), StandardCharsets.UTF_8);
        HiveConf.setHiveSiteLocation(siteFile.toUri().toURL());
        HiveConf conf = new HiveConf(SessionState.class);
        SessionState session = new SessionState(conf);
        SessionState.start(session);
        return new HiveEngine(session, DriverFactory.newDriver(conf));
    }

    /** The session's settings: what a compactor thread started beside the engine runs with. */
    HiveConf conf() {
        return session.getConf();
    }

    private static String siteXml(Map<String, String> settings) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
        settings.forEach((name, value) -> xml.append("  <property><name>")
                .append(name)
                .append("</name><value>")
                .append(value)
                .append("</value></property>\n"));
        return xml.append("</configuration>\n").toString();
    }

    /**
     * Runs one statement as {@code user} in this session, as HiveServer2 runs a session's statements as its user:
     * Hive opens a metastore client of that user (a Hive object belongs to the user that made it).
     */
    List<String> runAs(UserGroupInformation user, String statement) throws IOException, InterruptedException {
        return user.doAs((PrivilegedExceptionAction<List<String>>) () -> run(statement));
    }

    /** Runs one statement; its result rows as Hive prints them (tab-separated columns), or a failure. */
    List<String> run(String statement) {
        try {
            driver.run(statement);
        } catch (CommandProcessorException e) {
            throw failed(statement, e);
        }
        List<String> rows = new ArrayList<>();
        List<Object> batch = new ArrayList<>();
        try {
            while (driver.getResults(batch)) {
                batch.forEach(r -> rows.add(String.valueOf(r)));
                batch.clear();
            }
        } catch (IOException e) {
            throw failed(statement, e);
        }
        return rows;
    }

    /** A statement Hive did not run, with Hive's response code and SQL state where it gave them. */
    private static EngineStatementFailed failed(String statement, Exception e) {
        String said = e instanceof CommandProcessorException cpe
                ? "[" + cpe.getResponseCode() + "/" + cpe.getSqlState() + "] " + cpe.getMessage()
                : String.valueOf(e);
        return new EngineStatementFailed("Hive", statement, said, e);
    }

    @Override
    public void close() throws IOException {
        driver.close();
        driver.destroy();
        session.close();
        Hive.closeCurrent();
        // Hive keeps the declared capabilities process-wide; the next engine in this JVM declares its own.
        HiveMetaStoreClient.setProcessorCapabilities(null);
    }
}

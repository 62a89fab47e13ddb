package dev.lakegate.enginetests.flink;

import dev.lakegate.realhms.Loopback;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.SqlDialect;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.catalog.hive.HiveCatalog;
import org.apache.flink.table.module.hive.HiveModule;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

/**
 * Flink as a user runs it against a metastore: a batch {@link TableEnvironment} that submits its jobs over REST
 * to a MiniCluster in this JVM (one cluster for all the steps, not one per job as local execution starts),
 * with a {@link HiveCatalog} (Hive 3.1.3 client) read from a {@code hive-site.xml} that points
 * {@code hive.metastore.uris} at the metastore, and Hive's module for Hive's functions.
 */
final class FlinkHiveSession implements AutoCloseable {

    static final String CATALOG = "hive";
    static final String HIVE_VERSION = "3.1.3";

    private final MiniCluster cluster;
    private final HiveCatalog catalog;
    private final TableEnvironment env;

    private FlinkHiveSession(MiniCluster cluster, HiveCatalog catalog, TableEnvironment env) {
        this.cluster = cluster;
        this.catalog = catalog;
        this.env = env;
    }

    static FlinkHiveSession open(String thriftUri, Path workDir) throws Exception {
        return open(Map.of("hive.metastore.uris", thriftUri), Map.of(), workDir);
    }

    /**
     * The same with {@code metastoreSettings} in the {@code hive-site.xml} ({@code hive.metastore.uris} and any
     * client settings of the metastore's: security) and {@code clusterSettings} in the MiniCluster's Flink
     * configuration (its Kerberos login, for instance).
     */
    static FlinkHiveSession open(
            Map<String, String> metastoreSettings, Map<String, String> clusterSettings, Path workDir) throws Exception {
        Path confDir = Files.createDirectories(workDir.resolve("hive-conf"));
        Path scratch = Files.createDirectories(workDir.resolve("scratch"));
        Map<String, String> site = new LinkedHashMap<>();
        site.putAll(metastoreSettings);
        // Fail fast: a metastore that does not answer is a failed step, not a minute of retries.
        site.put("hive.metastore.connect.retries", "1");
        site.put("hive.metastore.failure.retries", "0");
        site.put("hive.metastore.client.socket.timeout", "60s");
        // The Hive dialect's session writes scratch files; keep them in the test's folder, not /tmp/hive.
        site.put("hive.exec.scratchdir", scratch.resolve("hdfs").toUri().toString());
        site.put("hive.exec.local.scratchdir", scratch.resolve("local").toString());
        site.put("hive.downloaded.resources.dir", scratch.resolve("resources").toString());
        Files.writeString(confDir.resolve("hive-site.xml"), siteXml(site), StandardCharsets.UTF_8);

        MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(Configuration.fromMap(clusterSettings))
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(1)
                .setCommonBindAddress(Loopback.HOST)
                .withRandomPorts()
                .build());
        cluster.start();
        URI rest = cluster.getRestAddress().get();
        Configuration submit = new Configuration();
        submit.set(DeploymentOptions.TARGET, "remote");
        submit.set(RestOptions.ADDRESS, rest.getHost());
        submit.set(RestOptions.PORT, rest.getPort());
        // One slot's worth of work: the machine has 2 cores, shared with the metastore's JVM.
        submit.set(CoreOptions.DEFAULT_PARALLELISM, 1);

        HiveCatalog catalog = new HiveCatalog(CATALOG, "default", confDir.toString(), null, HIVE_VERSION);
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.newInstance()
                .inBatchMode()
                .withConfiguration(submit)
                .build());
        env.getConfig().set("table.exec.hive.infer-source-parallelism", "false");
        env.registerCatalog(CATALOG, catalog);
        env.useCatalog(CATALOG);
        env.loadModule("hive", new HiveModule(HIVE_VERSION));
        env.useModules("hive", "core");
        return new FlinkHiveSession(cluster, catalog, env);
    }

    HiveCatalog catalog() {
        return catalog;
    }

    TableEnvironment env() {
        return env;
    }

    /** Runs statements in Flink's default dialect, waiting for each (an INSERT is a batch job). */
    void flink(String... statements) {
        run(SqlDialect.DEFAULT, statements);
    }

    /** Runs statements in the Hive dialect, waiting for each. */
    void hive(String... statements) {
        run(SqlDialect.HIVE, statements);
    }

    /** The rows of a query in Flink's default dialect, each as the list of its fields. */
    List<List<Object>> rows(String query) {
        return collect(SqlDialect.DEFAULT, query);
    }

    /** The rows of a query in the Hive dialect. */
    List<List<Object>> hiveRows(String query) {
        return collect(SqlDialect.HIVE, query);
    }

    private void run(SqlDialect dialect, String... statements) {
        env.getConfig().setSqlDialect(dialect);
        try {
            for (String statement : statements) {
                TableResult result = env.executeSql(statement);
                result.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            env.getConfig().setSqlDialect(SqlDialect.DEFAULT);
        }
    }

    private List<List<Object>> collect(SqlDialect dialect, String query) {
        env.getConfig().setSqlDialect(dialect);
        List<List<Object>> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = env.executeSql(query).collect()) {
            while (it.hasNext()) {
                Row row = it.next();
                Object[] fields = new Object[row.getArity()];
                for (int i = 0; i < fields.length; i++) {
                    fields[i] = row.getField(i);
                }
                rows.add(Arrays.asList(fields));
            }
        } catch (Exception e) {
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        } finally {
            env.getConfig().setSqlDialect(SqlDialect.DEFAULT);
        }
        return rows;
    }

    private static String siteXml(Map<String, String> properties) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
        properties.forEach((name, value) -> xml.append("  <property><name>")
                .append(name)
                .append("</name><value>")
                .append(value)
                .append("</value></property>\n"));
        return xml.append("</configuration>\n").toString();
    }

    @Override
    public void close() throws Exception {
        try {
            catalog.close();
        } finally {
            cluster.close();
        }
    }
}

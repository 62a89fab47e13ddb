package dev.lakegate.hms.handler;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.TableMeta;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;

/**
 * A well-behaved HMS client among hostile ones: each check asks get_all_databases, get_table_meta and
 * get_database on its own connection and records each call's latency and any wrong answer or error.
 */
final class Canary {

    final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    final List<String> failures = Collections.synchronizedList(new ArrayList<>());

    private final ThriftHiveMetastore.Client client;
    private final String warehouse;

    Canary(ThriftHiveMetastore.Client client, String warehouse) {
        this.client = client;
        this.warehouse = warehouse;
    }

    void check() {
        try {
            long start = System.nanoTime();
            List<String> databases = client.get_all_databases();
            lap(start);
            expect(databases.contains("canary") && databases.contains("default"), "get_all_databases: " + databases);

            start = System.nanoTime();
            List<TableMeta> tables = client.get_table_meta("canary", "*", null);
            lap(start);
            expect(
                    tables.size() == 1
                            && tables.get(0).getDbName().equals("canary")
                            && tables.get(0).getTableName().equals("t")
                            && tables.get(0).getTableType().equals("MANAGED_TABLE"),
                    "get_table_meta: " + tables);

            start = System.nanoTime();
            Database database = client.get_database("canary");
            lap(start);
            expect(
                    database.getName().equals("canary")
                            && database.getLocationUri().equals(warehouse + "/canary.db"),
                    "get_database: " + database);
        } catch (Exception e) {
            failures.add(e.toString());
        }
    }

    /** The latency at {@code percent} (100: the slowest), in milliseconds. */
    long percentile(int percent) {
        List<Long> sorted;
        synchronized (latencies) {
            sorted = new ArrayList<>(latencies);
        }
        if (sorted.isEmpty()) {
            return 0;
        }
        Collections.sort(sorted);
        int index = (int) Math.ceil(percent / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, index)) / 1_000_000;
    }

    private void lap(long start) {
        latencies.add(System.nanoTime() - start);
    }

    private void expect(boolean right, String answer) {
        if (!right) {
            failures.add("wrong answer: " + answer);
        }
    }
}

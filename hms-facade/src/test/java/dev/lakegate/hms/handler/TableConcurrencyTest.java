package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.TableTestSupport.database;
import static dev.lakegate.hms.handler.TableTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.metastore.api.AlterTableRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;

/**
 * Eight clients committing to one table as Iceberg's HiveCatalog does (read, then alter_table with
 * the expected parameter; a lost race is retried from a fresh read): every commit lands exactly once.
 */
class TableConcurrencyTest {

    private static final int CLIENTS = 8;
    private static final int COMMITS_EACH = 10;

    @Test
    void compareAndSwapLosesNoUpdate() throws Exception {
        try (FacadeGateway gateway = FacadeGateway.create().start()) {
            ThriftHiveMetastore.Client setup = gateway.client("setup");
            setup.create_database(database("db"));
            Table created = table("db", "counter", "EXTERNAL_TABLE", List.of());
            created.getParameters().put("counter", "0");
            setup.create_table(created);

            AtomicInteger lostRaces = new AtomicInteger();
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            List<Future<List<Integer>>> results = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int clientId = c;
                results.add(pool.submit(() -> {
                    List<Integer> committed = new ArrayList<>();
                    ThriftHiveMetastore.Client client = gateway.client("writer" + clientId);
                    try (TableLegacyClient reader = new TableLegacyClient(gateway.socket())) {
                        while (committed.size() < COMMITS_EACH) {
                            Table table = reader.get_table("db", "counter");
                            String current = table.getParameters().get("counter");
                            int next = Integer.parseInt(current) + 1;
                            table.getParameters().put("counter", Integer.toString(next));
                            table.getParameters().put("writer" + clientId, Integer.toString(committed.size()));
                            AlterTableRequest request = new AlterTableRequest("db", "counter", table);
                            request.setExpectedParameterKey("counter");
                            request.setExpectedParameterValue(current);
                            try {
                                client.alter_table_req(request);
                                committed.add(next);
                            } catch (MetaException e) {
                                assertThat(e.getMessage())
                                        .startsWith("The table has been modified. "
                                                + "The parameter value for key 'counter' is");
                                lostRaces.incrementAndGet();
                            }
                        }
                    }
                    return committed;
                }));
            }
            List<Integer> all = new ArrayList<>();
            for (Future<List<Integer>> result : results) {
                all.addAll(result.get(120, TimeUnit.SECONDS));
            }
            pool.shutdown();

            int total = CLIENTS * COMMITS_EACH;
            // Each value from 1 to total was committed by exactly one client: no two commits read the same state.
            assertThat(all).hasSize(total).doesNotHaveDuplicates().allMatch(v -> v >= 1 && v <= total);
            try (TableLegacyClient reader = new TableLegacyClient(gateway.socket())) {
                Table last = reader.get_table("db", "counter");
                assertThat(last.getParameters()).containsEntry("counter", Integer.toString(total));
            }
            assertThat(lostRaces.get()).isPositive();
        }
    }
}

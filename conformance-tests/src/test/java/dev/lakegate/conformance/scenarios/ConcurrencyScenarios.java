package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Eight clients at once on one table, each with a connection of its own to the target alone (their
 * interleaving is the target's): no update may be lost, no partition added twice or missed.
 */
@SuppressWarnings("deprecation")
public abstract class ConcurrencyScenarios extends ScenarioSupport {

    static final int CLIENTS = 8;

    protected String db;

    @BeforeEach
    void createTable() throws Exception {
        db = newDatabase("conc_db");
        client.createTable(table(db, "t", new FieldSchema("ds", "string", null)));
    }

    private <T> List<T> onEightClients(java.util.function.Function<IMetaStoreClient, Callable<T>> work)
            throws Exception {
        List<IMetaStoreClient> clients = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            clients.add(newDirectClient());
        }
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (IMetaStoreClient c : clients) {
                futures.add(pool.submit(work.apply(c)));
            }
            List<T> out = new ArrayList<>();
            for (Future<T> f : futures) {
                out.add(f.get(180, TimeUnit.SECONDS));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void eightClientsIncrementingACounterUnderATableLockLoseNoUpdate() throws Exception {
        referenceCannot(
                Reference.hive4(),
                "on embedded Derby, 4.0.1 stalls eight clients polling check_lock "
                        + "(a client's call timed out after 60 s)");
        int rounds = 5;
        onEightClients(c -> () -> {
            for (int i = 0; i < rounds; i++) {
                LockResponse lock = c.lock(LockScenarios.exclusive(db, "t"));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (!lock.getState().name().equals("ACQUIRED")) {
                    assertThat(System.nanoTime()).isLessThan(deadline);
                    Thread.sleep(20);
                    lock = c.checkLock(lock.getLockid());
                }
                try {
                    Table t = c.getTable(db, "t");
                    int n = Integer.parseInt(t.getParameters().getOrDefault("counter", "0"));
                    t.getParameters().put("counter", Integer.toString(n + 1));
                    c.alter_table(db, "t", t);
                } finally {
                    c.unlock(lock.getLockid());
                }
            }
            return null;
        });
        assertThat(direct.getTable(db, "t").getParameters().get("counter"))
                .isEqualTo(Integer.toString(CLIENTS * rounds));
    }

    @Test
    void eightClientsAddingPartitionsToOneTableAddThemAll() throws Exception {
        Table t = client.getTable(db, "t");
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            ids.add(i);
        }
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        onEightClients(c -> () -> {
            int me = next.getAndIncrement();
            for (int batch = 0; batch < 5; batch++) {
                List<Partition> parts = new ArrayList<>();
                for (int j = 0; j < 5; j++) {
                    parts.add(partition(t, String.format("c%d-b%d-p%d", me, batch, j)));
                }
                c.add_partitions(parts);
            }
            return null;
        });
        List<String> names = direct.listPartitionNames(db, "t", (short) -1);
        assertThat(names).hasSize(CLIENTS * 25).doesNotHaveDuplicates().isSorted();
        assertThat(names).contains("ds=c0-b0-p0", "ds=c7-b4-p4");
    }

    @Test
    void eightClientsAddingTheSamePartitionSucceedOnce() throws Exception {
        Table t = client.getTable(db, "t");
        List<String> outcomes = onEightClients(c -> () -> {
            try {
                c.add_partition(partition(t, "same"));
                return "added";
            } catch (Exception e) {
                return e.getClass().getSimpleName();
            }
        });
        assertThat(outcomes).filteredOn("added"::equals).hasSize(1);
        assertThat(outcomes)
                .filteredOn(o -> !o.equals("added"))
                .hasSize(CLIENTS - 1)
                .containsOnly("AlreadyExistsException");
        assertThat(direct.listPartitionNames(db, "t", (short) -1)).containsExactly("ds=same");
    }

    @Test
    void eightClientsAlteringDifferentTablesOfOneDatabaseKeepEveryChange() throws Exception {
        for (int i = 0; i < CLIENTS; i++) {
            client.createTable(table(db, "w" + i));
        }
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        onEightClients(c -> () -> {
            int me = next.getAndIncrement();
            for (int round = 1; round <= 5; round++) {
                Table w = c.getTable(db, "w" + me);
                w.getParameters().put("round", Integer.toString(round));
                c.alter_table(db, "w" + me, w);
            }
            return null;
        });
        for (int i = 0; i < CLIENTS; i++) {
            assertThat(direct.getTable(db, "w" + i).getParameters()).containsEntry("round", "5");
        }
    }
}

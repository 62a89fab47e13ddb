package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.Namespace;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PostgresCatalogStoreTest extends AbstractCatalogStoreTest {

    @Override
    ScratchStore openScratchStore() {
        return ScratchStore.postgres();
    }

    /** PostgreSQL runs writers concurrently, so it can deadlock them; the store runs the loser again. */
    @Test
    void deadlocksAreRetried() throws Exception {
        String a = uniqueName("dla");
        String b = uniqueName("dlb");
        apply(tx -> {
            tx.insertNamespace(Namespace.of(a));
            tx.insertNamespace(Namespace.of(b));
        });
        CyclicBarrier bothHoldOneRow = new CyclicBarrier(2);
        AtomicInteger attempts = new AtomicInteger();
        runConcurrently(
                2,
                thread -> write((StoreTransaction tx) -> {
                    List<String> order = thread == 0 ? List.of(a, b) : List.of(b, a);
                    boolean firstAttempt = attempts.incrementAndGet() <= 2;
                    tx.updateNamespace(
                            Namespace.of(order.get(0)).withVersion(1),
                            tx.findNamespace("hive", order.get(0)).orElseThrow().version());
                    if (firstAttempt) {
                        await(bothHoldOneRow);
                    }
                    tx.updateNamespace(
                            Namespace.of(order.get(1)).withVersion(2),
                            tx.findNamespace("hive", order.get(1)).orElseThrow().version());
                    return null;
                }));
        assertThat(attempts.get()).isGreaterThan(2);
    }
}

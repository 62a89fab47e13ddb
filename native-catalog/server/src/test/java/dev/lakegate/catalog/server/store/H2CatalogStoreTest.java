package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.Namespace;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class H2CatalogStoreTest extends AbstractCatalogStoreTest {

    @Override
    ScratchStore openScratchStore() {
        return ScratchStore.h2();
    }

    /**
     * 20,000 partitions: H2 adds a partition in about half a millisecond to a millisecond on 2 loaded cores
     * (100,000 took 59-127 s in CI-like runs, against 11 s on PostgreSQL), so the volume is PostgreSQL's to
     * carry and H2 checks the same filters over a fifth of it.
     */
    @Override
    int hoursPerDayAtScale() {
        return 200;
    }

    /** On H2 writers run one at a time (see H2Dialect), while reads go on beside them. */
    @Test
    void writersRunOneAtATimeAndReadsBesideThem() throws Exception {
        String name = uniqueName("serial");
        apply(tx -> tx.insertNamespace(Namespace.of(name)));
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger mostInside = new AtomicInteger();
        AtomicInteger readsDuringWrites = new AtomicInteger();
        runConcurrently(8, thread -> {
            for (int i = 0; i < 20; i++) {
                if (thread % 2 == 0) {
                    write((StoreTransaction tx) -> {
                        mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
                        tx.findNamespace("hive", name).orElseThrow();
                        sleepMillis(1);
                        inside.decrementAndGet();
                        return null;
                    });
                } else {
                    read((StoreTransaction tx) -> {
                        if (inside.get() > 0) {
                            readsDuringWrites.incrementAndGet();
                        }
                        return tx.findNamespace("hive", name);
                    });
                }
            }
        });
        assertThat(mostInside.get()).isEqualTo(1);
        System.out.println("[h2] reads that ran while a write was open: " + readsDuringWrites.get());
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

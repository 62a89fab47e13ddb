package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.expressions.PartitionExpressions;
import dev.lakegate.hms.handler.limits.Limits;
import dev.lakegate.hms.idl.HmsApiVersions;
import dev.lakegate.hms.idl.HmsIface;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * How much of the HMS API the facade serves. README states these numbers and lists the groups not
 * served: when an area starts serving a method, this test fails until both say the new count.
 */
class ServedMethodsTest {

    /** README, "The HMS facade (Thrift)": served methods of the union of every release Lakegate serves. */
    private static final int SERVED = 286;

    private static final PartitionExpressions UNUSED_READER = new PartitionExpressions() {
        @Override
        public String toFilter(byte[] expression, String defaultPartitionName) {
            throw new UnsupportedOperationException("not called by this test");
        }

        @Override
        public PrunedNames prune(
                List<PartitionKey> keys, byte[] expression, String defaultPartitionName, List<String> names) {
            throw new UnsupportedOperationException("not called by this test");
        }
    };

    @Test
    void theFacadeServesWhatReadmeSays() {
        try (CatalogClient unused = CatalogClient.inProcess("served-methods-test")) {
            Warehouse warehouse = new Warehouse("file:/warehouse");
            // as the gateway runs: with Hive's reader of partition expressions (never called here)
            HmsIface handler = HmsAreas.handler(
                    new CatalogCalls(unused),
                    warehouse,
                    HmsAreas.defaultSettings(warehouse),
                    Limits.DEFAULTS,
                    ReplyBudget.of(Limits.DEFAULTS),
                    Optional.of(UNUSED_READER),
                    Optional.empty());
            Set<String> union = HmsApiVersions.methods();
            List<String> served = HmsDispatcher.servedMethods(handler).stream()
                    .filter(union::contains)
                    .toList();
            Set<String> notServed = new TreeSet<>(union);
            served.forEach(notServed::remove);
            System.out.println("served " + served.size() + " of " + union.size() + "; not served: " + notServed);
            assertThat(union).hasSize(294);
            assertThat(served).hasSize(SERVED);
        }
    }
}

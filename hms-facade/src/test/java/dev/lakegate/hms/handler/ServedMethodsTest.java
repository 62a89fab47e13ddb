package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.idl.HmsApiVersions;
import dev.lakegate.hms.idl.HmsIface;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * How much of the HMS API the facade serves. README states these numbers and lists the groups not
 * served: when an area starts serving a method, this test fails until both say the new count.
 */
class ServedMethodsTest {

    /** README, "The HMS facade (Thrift)": served methods of the union of every release Lakegate serves. */
    private static final int SERVED = 144;

    @Test
    void theFacadeServesWhatReadmeSays() {
        try (CatalogClient unused = CatalogClient.inProcess("served-methods-test")) {
            Warehouse warehouse = new Warehouse("file:/warehouse");
            HmsIface handler =
                    HmsAreas.handler(new CatalogCalls(unused), warehouse, HmsAreas.defaultSettings(warehouse));
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

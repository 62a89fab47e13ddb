package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.AcidWriteNotification;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What Hive's writers report of their writes, on a real store with transaction events logged (HMS's
 * transactional DbNotificationListener): one row per transaction and place, later reports merged into it as the
 * listener merges them, read back per transaction, database and table.
 */
abstract class AcidWriteNotificationTest extends ServiceOnScratchStore {

    @Override
    CatalogSettings settings() {
        return new CatalogSettings(true);
    }

    private static AcidWriteNotification report(
            long txn, long writeId, String db, String table, String partition, String tableJson, String files) {
        return new AcidWriteNotification(
                txn,
                writeId,
                TableIdentifier.inDefaultCatalog(db, table),
                partition,
                tableJson,
                partition.isEmpty() ? Optional.empty() : Optional.of("{\"part\":\"" + partition + "\"}"),
                files);
    }

    private List<AcidWriteNotification> of(long txn) {
        return catalog.acidWriteNotifications().list(txn, Optional.empty(), Optional.empty());
    }

    @Test
    void eachPlaceOfATransactionIsKeptOnceInNameOrder() {
        catalog.acidWriteNotifications()
                .report(List.of(
                        report(101, 3, "sales", "orders", "d=2", "{\"t\":1}", "f2###"),
                        report(101, 3, "sales", "orders", "d=1", "{\"t\":1}", "f1###"),
                        report(101, 7, "hr", "people", "", "{\"t\":2}", "p###"),
                        report(102, 4, "sales", "orders", "d=1", "{\"t\":1}", "other###")));
        assertThat(of(101))
                .extracting(
                        n -> n.table().namespace() + "." + n.table().name() + "/" + n.partition() + " " + n.writeId()
                                + " " + n.files() + " " + n.partitionObject().orElse("-"))
                .containsExactly(
                        "hr.people/ 7 p### -",
                        "sales.orders/d=1 3 f1### {\"part\":\"d=1\"}",
                        "sales.orders/d=2 3 f2### {\"part\":\"d=2\"}");
        assertThat(catalog.acidWriteNotifications().list(101, Optional.of("sales"), Optional.of("orders")))
                .hasSize(2);
        assertThat(catalog.acidWriteNotifications().list(101, Optional.empty(), Optional.of("people")))
                .hasSize(1);
        assertThat(catalog.acidWriteNotifications().list(101, Optional.of("SALES"), Optional.empty()))
                .as("names as kept")
                .isEmpty();
        assertThat(of(103)).isEmpty();
    }

    @Test
    void aLaterReportOfAPlaceIsMergedUnlessItsFilesAreKeptAlready() {
        catalog.acidWriteNotifications().report(List.of(report(201, 5, "db", "t", "", "{\"v\":1}", "a###")));
        catalog.acidWriteNotifications().report(List.of(report(201, 6, "db", "t", "", "{\"v\":2}", "b###")));
        assertThat(of(201)).singleElement().satisfies(kept -> {
            assertThat(kept.files()).isEqualTo("b###]a###");
            assertThat(kept.tableObject()).isEqualTo("{\"v\":2}");
            assertThat(kept.writeId()).as("the first report's").isEqualTo(5);
        });
        catalog.acidWriteNotifications().report(List.of(report(201, 6, "db", "t", "", "{\"v\":3}", "a###")));
        assertThat(of(201)).singleElement().satisfies(kept -> {
            assertThat(kept.files()).as("a retry changes nothing").isEqualTo("b###]a###");
            assertThat(kept.tableObject()).isEqualTo("{\"v\":2}");
        });
    }

    @Test
    void reportsOfOnePlaceInOneCallAreMergedInOrder() {
        catalog.acidWriteNotifications()
                .report(List.of(
                        report(301, 1, "db", "t", "p=1", "{}", "x###"),
                        report(301, 1, "db", "t", "p=1", "{}", "y###")));
        assertThat(of(301)).extracting(AcidWriteNotification::files).containsExactly("y###]x###");
    }
}

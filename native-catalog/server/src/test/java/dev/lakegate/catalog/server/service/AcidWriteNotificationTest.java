package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.AcidSweep;
import dev.lakegate.catalog.server.model.AcidWriteNotification;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Duration;
import java.util.ArrayList;
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

    @Test
    void reportsGoADayAfterTheyWereMadeAndNotBefore() {
        catalog.acidWriteNotifications().report(List.of(report(401, 1, "db", "aged", "", "{}", "old###")));
        clock.advance(AcidTransactionOperations.WRITE_REPORT_TTL.minusSeconds(1));
        catalog.acidWriteNotifications().report(List.of(report(402, 2, "db", "aged", "", "{}", "young###")));
        clock.advance(Duration.ofSeconds(2));

        AcidSweep swept = catalog.acidTransactions().sweep(AcidHousekeeper.STEP);

        assertThat(swept.writeReports())
                .as("this test's first report, and any earlier test's")
                .isPositive();
        assertThat(of(401)).as("a day and a second old").isEmpty();
        assertThat(of(402))
                .as("a second old")
                .extracting(AcidWriteNotification::files)
                .containsExactly("young###");
    }

    @Test
    void aSweepForgetsNoMoreReportsThanItsStep() {
        List<AcidWriteNotification> many = new ArrayList<>();
        for (int place = 0; place < 5; place++) {
            many.add(report(501, 1, "db", "stepped", "p=" + place, "{}", "f###"));
        }
        catalog.acidWriteNotifications().report(many);
        clock.advance(AcidTransactionOperations.WRITE_REPORT_TTL.plusSeconds(1));

        assertThat(catalog.acidTransactions().sweep(2).writeReports()).isEqualTo(2);
        while (catalog.acidTransactions().sweep(2).more(2)) {
            // the housekeeper goes on while a step was full
        }
        assertThat(of(501)).isEmpty();
    }
}

package dev.lakegate.launcher.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.migration.Direction;
import dev.lakegate.migration.HoldPhase;
import dev.lakegate.migration.MigrationEvent.CaughtUp;
import dev.lakegate.migration.MigrationEvent.Copied;
import dev.lakegate.migration.MigrationEvent.MetadataUnread;
import dev.lakegate.migration.MigrationEvent.Moved;
import dev.lakegate.migration.MigrationEvent.PartitionsCopied;
import dev.lakegate.migration.MigrationEvent.PartitionsCopying;
import dev.lakegate.migration.MigrationEvent.Refused;
import dev.lakegate.migration.MigrationEvent.Unmoved;
import dev.lakegate.migration.MigrationEvent.Verified;
import dev.lakegate.migration.PlanCounts;
import dev.lakegate.migration.RouteState;
import dev.lakegate.migration.SyncTally;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * What {@code lakegate migrate} prints for each thing a step reports, to the character: operators and
 * scripts (the conformance suite among them) read these lines.
 */
class MigrationPrinterTest {

    private final StringWriter text = new StringWriter();
    private final MigrationPrinter printer = new MigrationPrinter(new PrintWriter(text));

    private String printed() {
        return text.toString().replace(System.lineSeparator(), "\n");
    }

    @Test
    void thePlanIsATable() {
        printer.planHeader();
        printer.planRow("sales", new PlanCounts(2, 2_500, 11, 1));
        printer.planRow("total (1 databases)", new PlanCounts(1_234, 1_234_567, 0, 12));
        printer.planFooter();
        assertThat(printed())
                .isEqualTo(""
                        + "database                         tables   partitions   statistics  functions\n"
                        + "sales                                 2        2,500           11          1\n"
                        + "total (1 databases)               1,234    1,234,567            0         12\n"
                        + "(statistics: tables and partitions with column statistics)\n");
    }

    @Test
    void aCopyDrawsItsProgressInPlaceThenSaysWhatItCopied() {
        printer.accept(new PartitionsCopying("sales", "daily", 1_000, 2_500, Duration.ofSeconds(2)));
        printer.accept(new PartitionsCopying("sales", "daily", 2_500, 2_500, Duration.ofSeconds(5)));
        printer.accept(new PartitionsCopied("sales", "daily"));
        printer.accept(
                new Copied("sales", new SyncTally(2, 0, 0, 2_500, 0, 0, 11, 1), Duration.ofMillis(2_500), List.of()));
        assertThat(printed())
                .isEqualTo(""
                        + "\rsales.daily: [########            ] 1,000/2,500 partitions, 500/s, 3 s left"
                        + "\rsales.daily: [####################] 2,500/2,500 partitions, 500/s, 0 s left\n"
                        + "sales: copied 2 tables, 2,500 partitions (1,000/s), 11 statistics, 1 functions in 2.5 s; "
                        + "still routed to the legacy metastore\n");
    }

    @Test
    void anIcebergTableCopiedWithItsPointerAloneIsNamedWithWhy() {
        printer.accept(new MetadataUnread(
                "sales", "events", "s3a://lake/events/metadata/00007.metadata.json", "file does not exist"));
        assertThat(printed())
                .isEqualTo("sales.events: Iceberg metadata file s3a://lake/events/metadata/00007.metadata.json could"
                        + " not be read; copied with its pointer alone (file does not exist)\n");
    }

    @Test
    void aCopyNamesWhatItChangedDroppedAndCouldNotCopy() {
        printer.accept(new Copied(
                "sales",
                new SyncTally(0, 1, 1, 1, 2, 3, 0, 0),
                Duration.ofSeconds(1),
                List.of("sales.t: MetaException: boom")));
        assertThat(printed())
                .isEqualTo(""
                        + "sales: copied 0 tables, 1 partitions (1/s), 0 statistics, 0 functions; changed 1 tables, "
                        + "2 partitions; dropped 1 tables, 3 partitions (data kept) in 1.0 s; still routed to the "
                        + "legacy metastore\n"
                        + "  not copied: sales.t: MetaException: boom\n");
    }

    @Test
    void aVerifyListsTheDifferences() {
        printer.accept(new Verified("sales", List.of()));
        printer.accept(new Verified(
                "hr",
                List.of(
                        "hr.t: owner a (the legacy metastore) vs b (the catalog)",
                        "hr: tables only in the catalog: u")));
        assertThat(printed())
                .isEqualTo(""
                        + "sales: no differences\n"
                        + "hr: 2 differences\n"
                        + "  hr.t: owner a (the legacy metastore) vs b (the catalog)\n"
                        + "  hr: tables only in the catalog: u\n");
    }

    @Test
    void aCutoverSaysHowItCaughtUpAndHowLongWritesWereHeld() {
        SyncTally tally = new SyncTally(0, 1, 0, 0, 1, 1, 1, 0);
        printer.accept(new CaughtUp("sales", false, OptionalInt.of(2), tally));
        printer.accept(new CaughtUp("sales", false, OptionalInt.empty(), new SyncTally(1, 0, 0, 1_000, 0, 0, 0, 2)));
        printer.accept(new CaughtUp("sales", true, OptionalInt.of(0), new SyncTally(0, 0, 0, 0, 0, 0, 0, 0)));
        printer.accept(new CaughtUp("sales", true, OptionalInt.empty(), new SyncTally(0, 0, 2, 0, 0, 0, 0, 0)));
        Map<HoldPhase, Duration> phases = new EnumMap<>(HoldPhase.class);
        phases.put(HoldPhase.ROUTE, Duration.ofMillis(20));
        phases.put(HoldPhase.SETTLE, Duration.ofMillis(250));
        phases.put(HoldPhase.CATCH_UP, Duration.ofMillis(310));
        phases.put(HoldPhase.VERIFY, Duration.ofMillis(40));
        phases.put(HoldPhase.LOG, Duration.ofMillis(10));
        printer.accept(new Moved("sales", Direction.CUTOVER, Duration.ofMillis(630), Duration.ofMillis(4_700), phases));
        assertThat(printed())
                .isEqualTo(""
                        + "sales: caught up from the notification log (2 tables named): 0 tables, 0 partitions, "
                        + "1 statistics, 0 functions; changed 1 tables, 1 partitions; dropped 0 tables, 1 partitions "
                        + "(data kept)\n"
                        + "sales: caught up in full: 1 tables, 1,000 partitions, 0 statistics, 2 functions\n"
                        + "sales: with writes held, caught up from the notification log (0 tables named): 0 tables, "
                        + "0 partitions, 0 statistics, 0 functions\n"
                        + "sales: with writes held, caught up in full: 0 tables, 0 partitions, 0 statistics, "
                        + "0 functions; dropped 2 tables, 0 partitions (data kept)\n"
                        + "sales: cut over (writes held 0.63 s (route 0.02, settle 0.25, catch-up 0.31, verify 0.04, "
                        + "log 0.01), 4.7 s in all); the catalog answers for it on every gateway within seconds\n");
    }

    @Test
    void aRollbackSaysWhereTheDatabaseIsRouted() {
        printer.accept(new Moved("hr", Direction.ROLLBACK, Duration.ofSeconds(3), Duration.ofMillis(3_500), Map.of()));
        assertThat(printed())
                .isEqualTo("hr: routed back to the legacy metastore (writes held 3.00 s, 3.5 s in all); "
                        + "the legacy metastore answers for it on every gateway within seconds\n");
    }

    @Test
    void aRefusedMoveSaysWhereTheDatabaseStaysAndWhy() {
        printer.accept(new Refused(
                "sales",
                Direction.CUTOVER,
                List.of("sales.t: TException: gone"),
                List.of("sales.u: owner a (the legacy metastore) vs b (the catalog)")));
        printer.accept(new Refused("hr", Direction.ROLLBACK, List.of(), List.of()));
        assertThat(printed())
                .isEqualTo(""
                        + "sales: not cut over, still routed to the legacy metastore\n"
                        + "  not copied: sales.t: TException: gone\n"
                        + "sales: 1 differences\n"
                        + "  sales.u: owner a (the legacy metastore) vs b (the catalog)\n"
                        + "hr: not rolled back, still routed to the catalog\n"
                        + "hr: no differences\n");
    }

    @Test
    void aStepWithNothingToMoveSaysWhereTheDatabaseStands() {
        for (RouteState state : RouteState.values()) {
            printer.accept(new Unmoved("db", state));
        }
        assertThat(printed())
                .isEqualTo(""
                        + "db: routed to the catalog already\n"
                        + "db: a rollback did not finish; run rollback again\n"
                        + "db: never copied; routed to the legacy metastore\n"
                        + "db: routed to the legacy metastore already\n"
                        + "db: routed back to the legacy metastore (its cutover had not finished)\n");
    }
}

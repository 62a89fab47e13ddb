package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange.AcidTransactionsChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The events of Hive's transactions on a real store, recorded with the change they report: one for the
 * transactions a call opened, one per transaction committed or aborted, one per allocation of write ids; none
 * for a retry that changes nothing or a call that is refused (its store transaction rolls back with it).
 */
abstract class AcidTransactionEventTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(30);

    @Override
    CatalogSettings settings() {
        return new CatalogSettings(true);
    }

    private List<Long> open(int count) {
        return catalog.acidTransactions().open(count, "", "alice", "host", "agent", TTL);
    }

    private long lastEventId() {
        return catalog.listEvents(EventQuery.after(Long.MAX_VALUE, 1)).lastEventId();
    }

    private List<Event> eventsAfter(long id) {
        return CatalogFixtures.eventsAfter(catalog, id);
    }

    private static String summary(Event event) {
        AcidTransactionsChange change = (AcidTransactionsChange) event.change();
        return event.type() + " " + event.namespace() + "." + event.table() + " " + change.transactionIds() + " "
                + change.writeIds();
    }

    private static String aborted(long id) {
        return "ACID_ABORTED . [" + id + "] []";
    }

    @Test
    void anOpenRecordsOneEventForAllItsTransactionsAndWhoOpenedThem() {
        long before = lastEventId();
        List<Long> ids = open(3);
        List<Event> events = eventsAfter(before);
        assertThat(events)
                .extracting(AcidTransactionEventTest::summary)
                .containsExactly("ACID_OPENED . " + ids + " []");
        assertThat(events.get(0).id()).isEqualTo(before + 1);
        assertThat(events.get(0).principal()).isEqualTo("alice");
        assertThat(events.get(0).time()).isEqualTo(clock.instant());
    }

    @Test
    void aCommitAndAnAbortRecordOneEventEachAndTheirRetriesNone() {
        List<Long> ids = open(2);
        long before = lastEventId();
        catalog.acidTransactions().commit(ids.get(0), true);
        catalog.acidTransactions().abort(List.of(ids.get(1)));
        catalog.acidTransactions().commit(ids.get(0), true);
        catalog.acidTransactions().commit(ids.get(1), true);
        catalog.acidTransactions().abort(List.of(ids.get(0), ids.get(1)));
        assertThat(eventsAfter(before))
                .extracting(AcidTransactionEventTest::summary)
                .containsExactly("ACID_COMMITTED . [" + ids.get(0) + "] []", aborted(ids.get(1)));
    }

    @Test
    void anAbortOfSeveralRecordsOneEventPerTransactionItAbortedInIdOrder() {
        List<Long> ids = open(3);
        catalog.acidTransactions().commit(ids.get(1), true);
        long before = lastEventId();
        catalog.acidTransactions().abort(List.of(ids.get(2), ids.get(1), ids.get(0), ids.get(2) + 1_000_000));
        assertThat(eventsAfter(before))
                .extracting(AcidTransactionEventTest::summary)
                .containsExactly(aborted(ids.get(0)), aborted(ids.get(2)));
    }

    @Test
    void anAllocationRecordsItsTableAndWriteIdsAndARetryOrARefusalNothing() {
        List<Long> ids = open(2);
        TableIdentifier table = TableIdentifier.inDefaultCatalog("events_db", "t");
        long before = lastEventId();
        catalog.acidWriteIds().allocate(table, ids, false);
        catalog.acidWriteIds().allocate(table, ids, false);
        catalog.acidTransactions().abort(List.of(ids.get(1)));
        long afterAbort = lastEventId();
        assertCatalogError(
                ErrorCode.INVALID_STATE_CHANGE,
                () -> catalog.acidWriteIds().allocate(TableIdentifier.inDefaultCatalog("events_db", "u"), ids, false));
        assertThat(lastEventId()).as("a refused allocation records nothing").isEqualTo(afterAbort);
        List<Event> events = eventsAfter(before);
        assertThat(events)
                .extracting(AcidTransactionEventTest::summary)
                .containsExactly("ACID_WRITE_IDS_ALLOCATED events_db.t " + ids + " [1, 2]", aborted(ids.get(1)));
        assertThat(events.get(0).catalog()).isEqualTo("hive");
        assertThat(events).extracting(Event::type).doesNotContain(EventType.ACID_OPENED);
    }
}

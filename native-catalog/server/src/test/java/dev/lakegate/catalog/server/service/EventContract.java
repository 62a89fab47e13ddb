package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

public interface EventContract extends CatalogContract {

    /** Every event after {@code afterId}, read page by page. */
    default List<Event> eventsAfter(long afterId) {
        List<Event> events = new ArrayList<>();
        long from = afterId;
        while (true) {
            List<Event> page =
                    catalog().listEvents(EventQuery.after(from, 1000)).events();
            if (page.isEmpty()) {
                return events;
            }
            events.addAll(page);
            from = page.get(page.size() - 1).id();
        }
    }

    @Test
    default void everyChangeAppendsOneEventInOrder() {
        long start = catalog().listEvents(EventQuery.after(0, 1)).lastEventId();
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.hiveTable(namespace, "t"), context());
        catalog()
                .commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(),
                                List.of(new TableUpdate.SetProperties(Map.of("a", "b")))),
                        context());
        catalog()
                .addPartitions(
                        table.identifier(),
                        List.of(CatalogFixtures.partition("d", 1), CatalogFixtures.partition("d", 2)),
                        false,
                        context());
        catalog().deletePartitions(table.identifier(), List.of(List.of("d", "1")), false, context());
        catalog().deleteTable(table.identifier(), java.util.Optional.empty(), context());
        catalog().deleteNamespace(namespace, false, context());

        List<Event> events = eventsAfter(start).stream()
                .filter(e -> e.namespace().equals(namespace))
                .toList();
        assertThat(events)
                .extracting(Event::type)
                .containsExactly(
                        EventType.NAMESPACE_CREATED,
                        EventType.TABLE_CREATED,
                        EventType.TABLE_COMMITTED,
                        EventType.PARTITIONS_ADDED,
                        EventType.PARTITIONS_DELETED,
                        EventType.TABLE_DELETED,
                        EventType.NAMESPACE_DELETED);
        assertThat(events).extracting(Event::principal).containsOnly("tester");
        assertThat(events.get(0).time()).isEqualTo(clock().instant());
        EventChange.PartitionsChange added =
                (EventChange.PartitionsChange) events.get(3).change();
        assertThat(added.after()).hasSize(2);
        assertThat(added.after().get(0).columns()).isEqualTo(CatalogFixtures.dataColumns());
        assertThat(added.table().identifier()).isEqualTo(table.identifier());

        List<Event> filtered = catalog()
                .listEvents(new EventQuery(
                        start, 100, Set.of(EventType.PARTITIONS_ADDED, EventType.PARTITIONS_DELETED), namespace, "t"))
                .events();
        assertThat(filtered)
                .extracting(Event::type)
                .containsExactly(EventType.PARTITIONS_ADDED, EventType.PARTITIONS_DELETED);
    }

    @Test
    default void failedChangesAppendNoEvent() {
        String namespace = newNamespace();
        long before = catalog().listEvents(EventQuery.after(0, 1)).lastEventId();
        try {
            catalog().createNamespace(dev.lakegate.catalog.server.model.Namespace.of(namespace), context());
        } catch (RuntimeException expected) {
            // already exists
        }
        try {
            catalog().deleteNamespace("missing_" + namespace, false, context());
        } catch (RuntimeException expected) {
            // not found
        }
        assertThat(catalog().listEvents(EventQuery.after(0, 1)).lastEventId()).isEqualTo(before);
    }
}

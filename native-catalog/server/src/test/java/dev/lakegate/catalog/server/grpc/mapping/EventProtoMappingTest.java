package dev.lakegate.catalog.server.grpc.mapping;

import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.assertInvalid;
import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.overTheWire;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.grpc.DomainFixtures;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.v1.ListEventsRequest;
import dev.lakegate.catalog.v1.WatchEventsRequest;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EventProtoMappingTest {

    @Test
    void everyEventSurvivesTheTrip() {
        for (Event event : DomainFixtures.everyEvent()) {
            assertThat(EventMapper.toDomain(overTheWire(EventMapper.toProto(event)), FieldPath.root("event")))
                    .isEqualTo(event);
        }
        MappingAssertions.assertCoversEveryKind(
                DomainFixtures.everyEvent().stream().map(Event::change).toList(), EventChange.class);
    }

    @Test
    void partitionsInAnEventAreNamedByTheEventsTable() {
        Event added = DomainFixtures.everyEvent().get(5);
        assertThat(EventMapper.toProto(added).getPartitionsChange().getAfterList())
                .extracting(dev.lakegate.catalog.v1.Partition::getName)
                .containsExactly("day=2024-01-01", "day=__HIVE_DEFAULT_PARTITION__");
    }

    @Test
    void eventWithoutChangeOrTypeIsInvalid() {
        dev.lakegate.catalog.v1.Event event =
                EventMapper.toProto(DomainFixtures.everyEvent().get(0));
        assertInvalid(
                () -> EventMapper.toDomain(
                        event.toBuilder().clearNamespaceChange().build(),
                        FieldPath.root("events").index(3)),
                "events[3].change",
                "unknown change");
        assertInvalid(
                () -> EventMapper.toDomain(
                        event.toBuilder()
                                .setType(dev.lakegate.catalog.v1.EventType.EVENT_TYPE_UNSPECIFIED)
                                .build(),
                        FieldPath.root("event")),
                "event.type",
                "unknown value EVENT_TYPE_UNSPECIFIED");
    }

    @Test
    void queriesSurviveTheTrip() {
        EventQuery query =
                new EventQuery(17, 250, Set.of(EventType.TABLE_COMMITTED, EventType.TABLE_CREATED), "shop", "sales");
        assertThat(EventMapper.toDomain(overTheWire(EventMapper.toProto(query))))
                .isEqualTo(query);
        WatchEventsRequest watch = WatchEventsRequest.newBuilder()
                .setAfterId(9)
                .addTypes(dev.lakegate.catalog.v1.EventType.PARTITIONS_ADDED)
                .setNamespace("shop")
                .build();
        assertThat(EventMapper.toDomain(watch, 500))
                .isEqualTo(new EventQuery(9, 500, Set.of(EventType.PARTITIONS_ADDED), "shop", ""));
    }

    @Test
    void unspecifiedTypeInAQueryIsInvalid() {
        ListEventsRequest request = ListEventsRequest.newBuilder()
                .addTypes(dev.lakegate.catalog.v1.EventType.TABLE_CREATED)
                .addTypes(dev.lakegate.catalog.v1.EventType.EVENT_TYPE_UNSPECIFIED)
                .build();
        assertInvalid(() -> EventMapper.toDomain(request), "types[1]", "unknown value EVENT_TYPE_UNSPECIFIED");
    }
}

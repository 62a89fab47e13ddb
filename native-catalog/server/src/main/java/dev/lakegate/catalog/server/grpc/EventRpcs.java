package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.EventMapper;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.EventPage;
import dev.lakegate.catalog.v1.ListEventsRequest;
import dev.lakegate.catalog.v1.ListEventsResponse;

/** ListEvents; WatchEvents, which streams, is {@link EventWatches}. */
final class EventRpcs {

    private final Catalog catalog;

    EventRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    ListEventsResponse list(ListEventsRequest request) {
        EventPage page = catalog.listEvents(EventMapper.toDomain(request));
        return ListEventsResponse.newBuilder()
                .addAllEvents(page.events().stream().map(EventMapper::toProto).toList())
                .setLastEventId(page.lastEventId())
                .build();
    }
}

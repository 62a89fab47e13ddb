package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.EventMapper;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.EventPage;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.ListEventsRequest;
import dev.lakegate.catalog.v1.ListEventsResponse;

/**
 * ListEvents; WatchEvents, which streams, is {@link EventWatches}. A page stops early once it holds
 * {@link #MAX_PAGE_BYTES}: events carry whole tables and partitions, and a reply must stay well under
 * what clients accept. Callers continue after the last id they got, as for any page.
 */
final class EventRpcs {

    static final int MAX_PAGE_BYTES = 8 * 1024 * 1024;

    private final Catalog catalog;

    EventRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    ListEventsResponse list(ListEventsRequest request) {
        EventPage page = catalog.listEvents(EventMapper.toDomain(request));
        ListEventsResponse.Builder response = ListEventsResponse.newBuilder().setLastEventId(page.lastEventId());
        long bytes = 0;
        for (var event : page.events()) {
            Event proto = EventMapper.toProto(event);
            bytes += proto.getSerializedSize();
            if (bytes > MAX_PAGE_BYTES && response.getEventsCount() > 0) {
                break;
            }
            response.addEvents(proto);
        }
        return response.build();
    }
}

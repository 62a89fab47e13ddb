package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.lakegate.catalog.server.grpc.mapping.EventMapper;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.InsertedFile;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.EventPage;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.ListEventsRequest;
import dev.lakegate.catalog.v1.ListEventsResponse;
import dev.lakegate.catalog.v1.RecordDataInsertedRequest;

/**
 * ListEvents, and RecordDataInserted (an event with no other change); WatchEvents, which streams, is
 * {@link EventWatches}. A page stops early once it holds
 * {@link #MAX_PAGE_BYTES}: events carry whole tables and partitions, and a reply must stay well under
 * what clients accept. Callers continue after the last id they got, as for any page.
 */
final class EventRpcs {

    static final int MAX_PAGE_BYTES = 8 * 1024 * 1024;

    private final Catalog catalog;

    EventRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    Empty recordDataInserted(RecordDataInsertedRequest request) {
        catalog.recordDataInserted(
                TableMapper.toDomain(request.getTable()),
                request.getPartitionValuesList(),
                request.getReplace(),
                request.getFilesList().stream()
                        .map(file -> new InsertedFile(file.getPath(), file.getChecksum(), file.getSubDirectory()))
                        .toList(),
                UnaryCall.context(request.getRequestId()));
        return Empty.getDefaultInstance();
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

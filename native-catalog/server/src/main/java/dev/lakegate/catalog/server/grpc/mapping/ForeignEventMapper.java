package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.ForeignEvent;
import dev.lakegate.catalog.server.model.NamedCatalog;

/** Events of another metastore's log: as appended (the request's) and as kept (an event's change). */
public final class ForeignEventMapper {

    private ForeignEventMapper() {}

    public static ForeignEvent toDomain(dev.lakegate.catalog.v1.ForeignEvent event, FieldPath path) {
        return new ForeignEvent(
                event.getCatalog().isEmpty() ? NamedCatalog.DEFAULT : event.getCatalog(),
                event.getNamespace(),
                event.getTable(),
                change(event, path));
    }

    static EventChange.Foreign change(dev.lakegate.catalog.v1.ForeignEvent event, FieldPath path) {
        return new EventChange.Foreign(
                event.getSourceId(),
                ValueMapper.toInstant(event.getTime(), path.field("time")),
                event.getType(),
                event.getMessage(),
                event.getMessageFormat());
    }

    static dev.lakegate.catalog.v1.ForeignEvent toProto(Event event, EventChange.Foreign foreign) {
        return dev.lakegate.catalog.v1.ForeignEvent.newBuilder()
                .setSourceId(foreign.sourceId())
                .setTime(ValueMapper.toProto(foreign.time()))
                .setType(foreign.type())
                .setCatalog(event.catalog())
                .setNamespace(event.namespace())
                .setTable(event.table())
                .setMessage(foreign.message())
                .setMessageFormat(foreign.messageFormat())
                .build();
    }
}

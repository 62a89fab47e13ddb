package dev.lakegate.translator.events;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.ForeignEvent;
import dev.lakegate.translator.names.HiveNames;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;

/**
 * Another HMS's notification events as the catalog keeps them (foreign events) and back: type, database,
 * table, catalog, time, message and its format as that HMS wrote them; only the id is the catalog's, so that
 * the ids a client of the gateway sees stay gap-free across both logs.
 */
public final class ForeignNotifications {

    private ForeignNotifications() {}

    /** The HMS event to append; its id becomes the foreign event's source id. */
    public static ForeignEvent fromHms(NotificationEvent event) {
        return ForeignEvent.newBuilder()
                .setSourceId(event.getEventId())
                .setTime(Timestamp.newBuilder().setSeconds(Integer.toUnsignedLong(event.getEventTime())))
                .setType(nullToEmpty(event.getEventType()))
                .setCatalog(HiveNames.catalogOrDefault(event.getCatName()))
                .setNamespace(nullToEmpty(HiveNames.normalize(event.getDbName())))
                .setTable(nullToEmpty(HiveNames.normalize(event.getTableName())))
                .setMessage(nullToEmpty(event.getMessage()))
                .setMessageFormat(nullToEmpty(event.getMessageFormat()))
                .build();
    }

    /** The appended event as the HMS wrote it, under the catalog's id. */
    public static NotificationEvent toHms(Event event) {
        ForeignEvent foreign = event.getForeignEvent();
        NotificationEvent hms = new NotificationEvent(
                event.getId(), (int) foreign.getTime().getSeconds(), foreign.getType(), foreign.getMessage());
        hms.setDbName(emptyToNull(event.getNamespace()));
        hms.setTableName(emptyToNull(event.getTable()));
        hms.setMessageFormat(emptyToNull(foreign.getMessageFormat()));
        hms.setCatName(HiveNames.catalogOfNative(event.getCatalog()));
        return hms;
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }

    private static String emptyToNull(String value) {
        return value.isEmpty() ? null : value;
    }
}

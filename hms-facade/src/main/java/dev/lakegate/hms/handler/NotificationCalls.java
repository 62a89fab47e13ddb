package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.ListEventsRequest;
import dev.lakegate.catalog.v1.ListEventsResponse;
import dev.lakegate.catalog.v1.RecordDataInsertedRequest;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.TableView;
import dev.lakegate.hms.handler.misc.EventTypeFilter;
import dev.lakegate.hms.handler.misc.InsertEvents;
import dev.lakegate.hms.handler.tables.NativeTables;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.events.NotificationMapper;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.CurrentNotificationEventId;
import org.apache.hadoop.hive.metastore.api.FireEventRequest;
import org.apache.hadoop.hive.metastore.api.FireEventRequestData;
import org.apache.hadoop.hive.metastore.api.FireEventResponse;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.NotificationEventRequest;
import org.apache.hadoop.hive.metastore.api.NotificationEventResponse;
import org.apache.hadoop.hive.metastore.api.NotificationEventsCountRequest;
import org.apache.hadoop.hive.metastore.api.NotificationEventsCountResponse;
import org.apache.thrift.TException;

/**
 * The HMS notification log, read from the catalog's event log: one HMS event per native event with
 * the same id, so ids stay gap-free (HiveMetaStoreClient refuses a gap unless the caller allows one,
 * as it must when it filters), with the JSON bodies of the translator's NotificationMapper. Filters
 * as ObjectStore.getNextNotification and getNotificationEventsCount (Hive 4.0, plus 4.1's
 * {@code eventTypeList}) apply them: catalog, database, tables, types; counts from an exclusive
 * {@code fromEventId} to an inclusive {@code toEventId}, capped by {@code limit}.
 */
public final class NotificationCalls {

    /** HMS's {@code metastore.kerberos.principal} default, which its messages carry. */
    public static final String DEFAULT_SERVICE_PRINCIPAL = "hive-metastore/_HOST@EXAMPLE.COM";
    /** HMS's {@code metastore.max.event.response} default. */
    public static final int DEFAULT_MAX_EVENTS = 1_000_000;

    private static final DeclaredExceptions NEXT = DeclaredExceptions.of("get_next_notification");
    private static final DeclaredExceptions CURRENT = DeclaredExceptions.of("get_current_notificationEventId");
    private static final DeclaredExceptions COUNT = DeclaredExceptions.of("get_notification_events_count");
    private static final DeclaredExceptions FIRE = DeclaredExceptions.of("fire_listener_event");
    private static final int PAGE_SIZE = 1000;
    private static final String ALL_DATABASES = "*";

    private final CatalogCalls catalog;
    private final NotificationMapper mapper;
    private final int maxEvents;

    /**
     * Server and principal in the messages as HMS writes them: its {@code metastore.thrift.uris}
     * (often empty) and {@code metastore.kerberos.principal}; the cap from {@code metastore.max.event.response}.
     */
    public NotificationCalls(CatalogCalls catalog, FacadeSettings settings) {
        this(
                catalog,
                new NotificationMapper(
                        setting(settings, "metastore.thrift.uris", "hive.metastore.uris")
                                .orElse(""),
                        setting(settings, "metastore.kerberos.principal", "hive.metastore.kerberos.principal")
                                .orElse(DEFAULT_SERVICE_PRINCIPAL)),
                setting(settings, "metastore.max.event.response", "hive.metastore.max.event.response")
                        .map(Integer::parseInt)
                        .orElse(DEFAULT_MAX_EVENTS));
    }

    public NotificationCalls(CatalogCalls catalog, NotificationMapper mapper, int maxEvents) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.mapper = requireNonNull(mapper, "mapper is null");
        if (maxEvents < 1) {
            throw new IllegalArgumentException("maxEvents must be positive, not " + maxEvents);
        }
        this.maxEvents = maxEvents;
    }

    public NotificationEventResponse get_next_notification(NotificationEventRequest rqst) throws TException {
        NotificationEventResponse response = new NotificationEventResponse(new ArrayList<>());
        int limit = rqst.getMaxEvents() > 0 && rqst.getMaxEvents() < maxEvents ? rqst.getMaxEvents() : maxEvents;
        EventTypeFilter types = EventTypeFilter.of(
                rqst.isSetEventTypeList() ? rqst.getEventTypeList() : null,
                rqst.isSetEventTypeSkipList() ? rqst.getEventTypeSkipList() : null);
        if (types.acceptsNothing()) {
            return response;
        }
        String database = rqst.isSetDbName() ? HiveNames.normalize(rqst.getDbName()) : null;
        String catalogName = catalogOf(rqst.isSetCatName() ? rqst.getCatName() : null, database);
        Set<String> tables = tables(rqst.isSetTableNames() ? rqst.getTableNames() : null);
        boolean filtered = types.isFiltering() || database != null || tables != null || catalogName != null;
        ListEventsRequest query = query(catalogName, database, tables)
                .addAllTypes(types.nativeTypes())
                .build();
        return catalog.run(NEXT, HmsCall.database(Operation.LIST, database), client -> {
            Map<String, Optional<Table>> statisticsTables = new HashMap<>();
            long after = rqst.getLastEvent();
            while (response.getEventsSize() < limit) {
                int wanted = filtered ? PAGE_SIZE : Math.min(PAGE_SIZE, limit - response.getEventsSize());
                ListEventsResponse page = client.listEvents(
                        query.toBuilder().setAfterId(after).setPageSize(wanted).build());
                for (Event event : page.getEventsList()) {
                    after = event.getId();
                    NotificationEvent hms = toHms(client, event, statisticsTables);
                    if (types.accepts(hms.getEventType())
                            && (catalogName == null || catalogName.equals(hms.getCatName()))
                            && (database == null || database.equals(hms.getDbName()))
                            && (tables == null || tables.contains(hms.getTableName()))) {
                        response.addToEvents(hms);
                        if (response.getEventsSize() == limit) {
                            break;
                        }
                    }
                }
                if (page.getEventsCount() == 0 || after >= page.getLastEventId()) {
                    break;
                }
            }
            return response;
        });
    }

    public CurrentNotificationEventId get_current_notificationEventId() throws TException {
        return catalog.run(
                CURRENT,
                HmsCall.database(Operation.READ, null),
                client -> new CurrentNotificationEventId(client.listEvents(ListEventsRequest.newBuilder()
                                .setAfterId(Long.MAX_VALUE)
                                .setPageSize(1)
                                .build())
                        .getLastEventId()));
    }

    public NotificationEventsCountResponse get_notification_events_count(NotificationEventsCountRequest rqst)
            throws TException {
        String database = rqst.getDbName() == null || rqst.getDbName().equals(ALL_DATABASES)
                ? null
                : HiveNames.normalize(rqst.getDbName());
        String catalogName = catalogOf(rqst.isSetCatName() ? rqst.getCatName() : null, database);
        Set<String> tables = tables(rqst.isSetTableNames() ? rqst.getTableNames() : null);
        long to = rqst.isSetToEventId() ? rqst.getToEventId() : Long.MAX_VALUE;
        long limit = rqst.isSetLimit() ? rqst.getLimit() : Long.MAX_VALUE;
        ListEventsRequest query = query(catalogName, database, tables).build();
        return catalog.run(COUNT, HmsCall.database(Operation.LIST, database), client -> {
            long count = 0;
            long after = rqst.getFromEventId();
            while (after < to && count < limit) {
                ListEventsResponse page = client.listEvents(query.toBuilder()
                        .setAfterId(after)
                        .setPageSize(PAGE_SIZE)
                        .build());
                for (Event event : page.getEventsList()) {
                    after = event.getId();
                    if (after > to) {
                        break;
                    }
                    if (tables == null || tables.contains(tableName(event))) {
                        count++;
                    }
                }
                if (page.getEventsCount() == 0 || after >= page.getLastEventId()) {
                    break;
                }
            }
            return new NotificationEventsCountResponse(Math.min(count, limit));
        });
    }

    /**
     * HMSHandler.fire_listener_event of inserts (Impala's, and Hive 4's in bulk): one INSERT event per insert, of
     * the table or of the partition of the request's values (a bulk insert's own), which must exist. The answer
     * carries no event ids, as HMS's carries none without a notification listener (3.1.3's has no such field).
     */
    public FireEventResponse fire_listener_event(FireEventRequest rqst) throws TException {
        FireEventRequestData data = rqst.getData();
        if (data == null || !(data.isSetInsertData() || data.isSetInsertDatas())) {
            String kind = data == null || data.getSetField() == null
                    ? "none"
                    : data.getSetField().toString();
            throw HmsFailure.meta("Event type " + kind + " not currently supported.");
        }
        String catalogName = rqst.isSetCatName() ? rqst.getCatName() : HiveNames.DEFAULT_CATALOG;
        HmsCall call = HmsCall.onTableIn(Operation.ALTER, catalogName, rqst.getDbName(), rqst.getTableName())
                .withPartition(rqst.getPartitionVals());
        List<RecordDataInsertedRequest> inserts = new ArrayList<>();
        if (data.isSetInsertData()) {
            inserts.add(InsertEvents.request(call, rqst.getPartitionVals(), data.getInsertData()));
        } else {
            data.getInsertDatas()
                    .forEach(insert -> inserts.add(InsertEvents.request(call, insert.getPartitionVal(), insert)));
        }
        return catalog.run(FIRE, call, client -> {
            inserts.forEach(client::recordDataInserted);
            return new FireEventResponse();
        });
    }

    /**
     * Statistics events carry no table; the translator takes it from us, as it is now (or none, if
     * the table is gone). One look-up per table and call.
     */
    private NotificationEvent toHms(CatalogClient client, Event event, Map<String, Optional<Table>> tables) {
        if (event.getChangeCase() != Event.ChangeCase.STATISTICS_CHANGE) {
            return mapper.toHms(event);
        }
        String key = event.getCatalog() + "." + event.getNamespace() + "." + event.getTable();
        Optional<Table> table = tables.computeIfAbsent(key, ignored -> {
            return CatalogFailures.find(
                    () -> client.getTable(
                            NativeTables.identifier(event.getCatalog(), event.getNamespace(), event.getTable()),
                            TableView.BASIC),
                    ErrorReason.TABLE_NOT_FOUND,
                    ErrorReason.NAMESPACE_NOT_FOUND);
        });
        return mapper.toHms(event, table.orElse(null));
    }

    /**
     * The HMS event's table name, as the translator sets it: none for database and function events; a legacy
     * metastore's event's own.
     */
    private static String tableName(Event event) {
        return switch (event.getChangeCase()) {
            case NAMESPACE_CHANGE, FUNCTION_CHANGE -> null;
            default -> event.getTable().isEmpty() ? null : event.getTable();
        };
    }

    /** The catalog's own filters, a coarse first cut: the exact checks are on the HMS events. */
    private static ListEventsRequest.Builder query(String catalogName, String database, Set<String> tables) {
        ListEventsRequest.Builder query = ListEventsRequest.newBuilder();
        if (catalogName != null) {
            query.setCatalog(catalogName);
        }
        if (database != null) {
            query.setNamespace(database);
        }
        if (database != null && tables != null && tables.size() == 1) {
            query.setTable(tables.iterator().next());
        }
        return query;
    }

    private static Set<String> tables(List<String> names) {
        if (names == null || names.isEmpty()) {
            return null;
        }
        Set<String> tables = new HashSet<>();
        names.forEach(name -> tables.add(HiveNames.normalize(name)));
        return tables;
    }

    /**
     * The catalog whose events a request asks for: the one it names; else, with a database, the default
     * catalog (databases are keyed by catalog); else any (null).
     */
    private static String catalogOf(String catalogName, String database) {
        if (catalogName != null) {
            return HiveNames.normalize(catalogName);
        }
        return database == null ? null : HiveNames.DEFAULT_CATALOG;
    }

    private static Optional<String> setting(FacadeSettings settings, String key, String legacyKey) {
        return settings.configValue(key).or(() -> settings.configValue(legacyKey));
    }
}

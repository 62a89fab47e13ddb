package dev.lakegate.catalog.server.service;

/**
 * Who asks, the id that makes a retried request apply once (empty: none), and whether the request
 * follows Hive Metastore semantics (it comes through the Thrift facade): then a lake table's
 * parameters and columns are stored as sent, and the catalog writes none of its metadata files.
 * {@code keepsUnreadableMetadata}: a copy from another metastore, where a created Iceberg table whose
 * metadata file cannot be read keeps its pointer alone instead of being refused. {@code logsEvents} false: the
 * request's changes are written with no event (a migration's copy of what another metastore's log, appended
 * to this one, tells already); its request id is then not remembered either.
 */
public record RequestContext(
        String principal,
        String requestId,
        boolean hiveSemantics,
        boolean keepsUnreadableMetadata,
        boolean logsEvents) {

    public RequestContext {
        principal = principal == null || principal.isEmpty() ? "anonymous" : principal;
        requestId = requestId == null ? "" : requestId;
    }

    public RequestContext(String principal, String requestId, boolean hiveSemantics) {
        this(principal, requestId, hiveSemantics, false, true);
    }

    public RequestContext(String principal, String requestId) {
        this(principal, requestId, false);
    }

    public static RequestContext of(String principal) {
        return new RequestContext(principal, "");
    }

    public RequestContext withRequestId(String id) {
        return new RequestContext(principal, id, hiveSemantics, keepsUnreadableMetadata, logsEvents);
    }

    public RequestContext withHiveSemantics(boolean value) {
        return new RequestContext(principal, requestId, value, keepsUnreadableMetadata, logsEvents);
    }

    public RequestContext withUnreadableMetadataKept(boolean value) {
        return new RequestContext(principal, requestId, hiveSemantics, value, logsEvents);
    }

    public RequestContext withEventsLogged(boolean value) {
        return new RequestContext(principal, requestId, hiveSemantics, keepsUnreadableMetadata, value);
    }

    public boolean hasRequestId() {
        return !requestId.isEmpty();
    }
}

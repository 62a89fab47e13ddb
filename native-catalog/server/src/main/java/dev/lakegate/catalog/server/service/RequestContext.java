package dev.lakegate.catalog.server.service;

/**
 * Who asks, the id that makes a retried request apply once (empty: none), and whether the request
 * follows Hive Metastore semantics (it comes through the Thrift facade): then a lake table's
 * parameters and columns are stored as sent, and the catalog writes none of its metadata files.
 */
public record RequestContext(String principal, String requestId, boolean hiveSemantics) {

    public RequestContext {
        principal = principal == null || principal.isEmpty() ? "anonymous" : principal;
        requestId = requestId == null ? "" : requestId;
    }

    public RequestContext(String principal, String requestId) {
        this(principal, requestId, false);
    }

    public static RequestContext of(String principal) {
        return new RequestContext(principal, "");
    }

    public RequestContext withRequestId(String id) {
        return new RequestContext(principal, id, hiveSemantics);
    }

    public RequestContext withHiveSemantics(boolean value) {
        return new RequestContext(principal, requestId, value);
    }

    public boolean hasRequestId() {
        return !requestId.isEmpty();
    }
}

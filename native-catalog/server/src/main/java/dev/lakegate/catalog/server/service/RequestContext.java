package dev.lakegate.catalog.server.service;

/** Who asks, and the id that makes a retried request apply once (empty: none). */
public record RequestContext(String principal, String requestId) {

    public RequestContext {
        principal = principal == null || principal.isEmpty() ? "anonymous" : principal;
        requestId = requestId == null ? "" : requestId;
    }

    public static RequestContext of(String principal) {
        return new RequestContext(principal, "");
    }

    public RequestContext withRequestId(String id) {
        return new RequestContext(principal, id);
    }

    public boolean hasRequestId() {
        return !requestId.isEmpty();
    }
}

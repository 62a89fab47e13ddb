package dev.lakegate.catalog.server.service;

/** A page size as the caller gave it (0: the default) and an opaque token from the previous page. */
public record PageRequest(int pageSize, String pageToken) {

    public PageRequest {
        pageToken = pageToken == null ? "" : pageToken;
    }

    public static PageRequest first(int pageSize) {
        return new PageRequest(pageSize, "");
    }
}

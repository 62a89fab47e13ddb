package dev.lakegate.catalog.server.service;

import java.util.List;

/** One page of a listing; an empty token marks the last page. */
public record Page<T>(List<T> items, String nextPageToken) {

    public Page {
        items = List.copyOf(items);
        nextPageToken = nextPageToken == null ? "" : nextPageToken;
    }

    public boolean isLast() {
        return nextPageToken.isEmpty();
    }
}

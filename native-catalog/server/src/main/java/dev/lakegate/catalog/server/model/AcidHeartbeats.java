package dev.lakegate.catalog.server.model;

import java.util.List;

/** What a heartbeat of a range of transaction ids found: the open ones are kept alive, these were not. */
public record AcidHeartbeats(List<Long> aborted, List<Long> committed, List<Long> notFound) {

    public AcidHeartbeats {
        aborted = List.copyOf(aborted);
        committed = List.copyOf(committed);
        notFound = List.copyOf(notFound);
    }
}

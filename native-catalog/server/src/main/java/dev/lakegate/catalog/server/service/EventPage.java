package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.Event;
import java.util.List;

/** Events in id order, and the newest event id in the catalog when they were read. */
public record EventPage(List<Event> events, long lastEventId) {

    public EventPage {
        events = List.copyOf(events);
    }
}

package dev.lakegate.catalog.server.service;

import java.time.Duration;

/** Lets followers of the event log wait for new events instead of polling in a tight loop. */
public interface EventFeed {

    /**
     * Returns once the catalog holds an event with an id above {@code afterId}, or when
     * {@code timeout} has passed; returns the newest event id known at that moment.
     */
    long awaitEventsAfter(long afterId, Duration timeout) throws InterruptedException;
}

package dev.shopreviews.common.events;

import java.time.Instant;

/** What every event carries: a unique id (consumers dedupe on it), a type and when it happened. */
public interface Event {
    String eventId();

    String type();

    Instant occurredAt();

    long webshopId();
}

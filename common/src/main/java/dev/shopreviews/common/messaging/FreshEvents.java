package dev.shopreviews.common.messaging;

import java.util.Set;

/**
 * Which event ids of a batch this service sees for the first time ({@link ProcessedEvents#firstDeliveries}).
 * An id is claimed once: a second record with the same id in the same batch counts as a redelivery. An event
 * without an id is always fresh, as with {@link ProcessedEvents#firstDelivery}. Not thread-safe.
 */
public final class FreshEvents {
    private final Set<String> fresh;

    FreshEvents(Set<String> fresh) {
        this.fresh = fresh;
    }

    /** True the first time for an id that was not processed before (or an event without id). */
    public boolean claim(String eventId) {
        return ProcessedEvents.noId(eventId) || fresh.remove(eventId);
    }
}

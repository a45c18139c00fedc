package dev.shopreviews.webhooks.delivery.repository;

/**
 * A review event to queue deliveries for: its webshop, id, exact delivery body, whether the review is public, and the
 * hash of the reviewer's address (null when it has none: an erased review), by which an erasure finds its deliveries,
 * and the trace context of the record that brought it (null when none).
 */
public record QueuedEvent(long webshopId, String eventId, String body, boolean published, String emailHash,
                          String traceparent) {
}

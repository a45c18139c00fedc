package dev.shopreviews.webhooks.delivery.repository;

/** A review event to queue deliveries for: its webshop, id, exact delivery body and whether the review is public. */
public record QueuedEvent(long webshopId, String eventId, String body, boolean published) {
}

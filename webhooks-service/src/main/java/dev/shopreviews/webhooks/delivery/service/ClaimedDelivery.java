package dev.shopreviews.webhooks.delivery.service;

/**
 * A delivery a worker claimed ({@code attempt} is the number of this attempt), with its subscription's target and
 * the trace context of its review event (null when none).
 */
public record ClaimedDelivery(long id, long subscriptionId, long webshopId, String eventId, String topic, String endpoint,
                              String payload, boolean published, int attempt, String url, String secretEncrypted,
                              boolean active, String traceparent) {
}

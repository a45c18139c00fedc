package dev.shopreviews.webhooks.delivery.repository;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** The new delivery a manual redelivery queued (same event, same body, same X-Event-Id). */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"delivery_id", "redelivery_of", "webhook_id", "event_id"})
public record Redelivery(@JsonProperty("delivery_id") Long deliveryId, @JsonProperty("redelivery_of") Long redeliveryOf,
                         @JsonProperty("webhook_id") Long webhookId, @JsonProperty("event_id") String eventId) {
}

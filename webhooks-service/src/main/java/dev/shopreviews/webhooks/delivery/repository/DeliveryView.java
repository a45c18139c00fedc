package dev.shopreviews.webhooks.delivery.repository;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/** One delivery of the log a shop reads, with every attempt; unknown values are null (written, never left out). */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"delivery_id", "event_id", "topic", "state", "attempts", "status_code", "latency_ms", "error", "created",
        "last_attempt", "next_attempt", "delivered", "redelivery_of", "attempt_log"})
public record DeliveryView(@JsonProperty("delivery_id") Long deliveryId, @JsonProperty("event_id") String eventId,
                           String topic, String state, Integer attempts,
                           @JsonProperty("status_code") Integer statusCode, @JsonProperty("latency_ms") Integer latencyMs,
                           String error, String created, @JsonProperty("last_attempt") String lastAttempt,
                           @JsonProperty("next_attempt") String nextAttempt, String delivered,
                           @JsonProperty("redelivery_of") Long redeliveryOf,
                           @JsonProperty("attempt_log") List<Attempt> attemptLog) {

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"attempt", "at", "status_code", "latency_ms", "error"})
    public record Attempt(Integer attempt, String at, @JsonProperty("status_code") Integer statusCode,
                          @JsonProperty("latency_ms") Integer latencyMs, String error) {
    }
}

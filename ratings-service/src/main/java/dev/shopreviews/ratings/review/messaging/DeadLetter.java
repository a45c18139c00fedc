package dev.shopreviews.ratings.review.messaging;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;

/**
 * Topic {@code reviews.submitted.dlq} (key = webshop id, or "unknown"): a submitted review that was refused,
 * with the reason and the original record value as received.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DeadLetter(
        String eventId,
        String type,
        Instant occurredAt,
        Long webshopId,
        String originalEventId,
        String reason,
        String payload) {

    public static final String TYPE = "review.rejected";
}

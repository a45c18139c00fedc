package dev.shopreviews.common.events;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;

/** Topic {@code review-links} (key = invitation id): every link of the invitation stops working. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ReviewLinkRevoked(
        String eventId,
        String type,
        Instant occurredAt,
        long webshopId,
        long invitationId) implements ReviewLinkEvent {

    public static final String TYPE = "review_link.revoked";
}

package dev.shopreviews.common.events;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;

/**
 * Topic {@code orders.confirmed} (key = webshop id): the shop added an invitation for an order, which confirms
 * the order; ratings-service then publishes a pop-up review of that order as verified.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record OrderConfirmed(
        String eventId,
        String type,
        Instant occurredAt,
        long webshopId,
        String orderNumber,
        String email) implements Event {

    public static final String TYPE = "order.confirmed";
}

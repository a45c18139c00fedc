package dev.shopreviews.common.events;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;

/**
 * Topic {@code customers.erased} (key = {@code emailHash}): erase everything stored about one e-mail address, at
 * one webshop ({@code webshopId} > 0, the shop as data controller) or at every webshop ({@code webshopId} = 0: the
 * operator, or the person on their privacy page). Carries only the address's {@link
 * dev.shopreviews.common.privacy.EmailHash}, so the erasure request itself holds no personal data. Every service
 * applies it to its own tables; applying it twice changes nothing.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CustomerErased(
        String eventId,
        String type,
        Instant occurredAt,
        long webshopId,
        String emailHash,
        /* The reference the requester was given (also the event id of the answer's 200). */
        String reference,
        /* shop, operator or person */
        String requestedBy) implements Event {

    public static final String TYPE = "customer.erased";
    public static final long EVERY_SHOP = 0;

    public boolean everyShop() {
        return webshopId == EVERY_SHOP;
    }
}

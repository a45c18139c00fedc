package dev.shopreviews.common.events;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;

/** Topic {@code consents.recorded} (key = webshop id + order number): the customer's choice in the pop-up. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ConsentRecorded(
        String eventId,
        String type,
        Instant occurredAt,
        long webshopId,
        String orderNumber,
        String choice,
        int inviteDelayDays,
        String email,
        String firstName) implements Event {

    public static final String TYPE = "consent.recorded";
    public static final String CHOICE_REVIEW_WRITTEN = "review_written";
    public static final String CHOICE_ASK_LATER = "ask_later";

    public static String key(long webshopId, String orderNumber) {
        return webshopId + ":" + orderNumber;
    }
}

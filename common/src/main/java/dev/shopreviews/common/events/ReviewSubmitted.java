package dev.shopreviews.common.events;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;
import java.util.List;

/** Topic {@code reviews.submitted} (key = webshop id): a review written in a browser, with its evidence. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ReviewSubmitted(
        String eventId,
        String type,
        Instant occurredAt,
        long webshopId,
        String origin,
        Long invitationId,
        String orderNumber,
        String name,
        String email,
        String country,
        String language,
        int rating,
        SubRatings ratings,
        String comment,
        List<ProductReview> products,
        String clientAddress) implements Event {

    public static final String TYPE = "review.submitted";
    public static final String ORIGIN_INVITATION = "invitation";
    public static final String ORIGIN_POPUP = "popup";
    public static final String ORIGIN_FORM = "form";

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ProductReview(String productId, String name, String url, String imageUrl, String sku, String gtin,
                                int rating, String text) {
    }
}

package dev.shopreviews.common.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** A review in the shape of a ratings.json item (spec 2.2, the variant that also returns total). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"id", "name", "email", "order_number", "rating", "ratings", "comment", "date", "country",
        "language", "created", "read", "quarantine", "verified", "reaction"})
public record RatingItem(
        long id,
        String name,
        String email,
        String orderNumber,
        int rating,
        SubRatings ratings,
        String comment,
        String date,
        String country,
        String language,
        String created,
        boolean read,
        boolean quarantine,
        boolean verified,
        String reaction) {
}

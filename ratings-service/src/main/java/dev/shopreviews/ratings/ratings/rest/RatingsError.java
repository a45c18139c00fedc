package dev.shopreviews.ratings.ratings.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.events.RatingItem;

import java.util.List;

/** Spec 4.3 error: status, message and an empty ratings list (no total). */
@JsonPropertyOrder({"status", "message", "ratings"})
public record RatingsError(String status, String message, List<RatingItem> ratings) {
    public static RatingsError of(String message) {
        return new RatingsError(Messages.ERROR, message, List.of());
    }
}

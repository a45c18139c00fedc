package dev.shopreviews.ratings.moderation.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.ratings.moderation.service.ModerationState;
import dev.shopreviews.ratings.review.repository.Review;

/** A decision's answer: the review's state after it (flags and reason only). */
@JsonPropertyOrder({"status", "message", "data"})
public record ModerationDecisionAnswer(String status, String message, Decided data) {

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Decided(long reviewId, long webshopId, String state, boolean quarantine, boolean hidden,
                          boolean deleted, String reason) {
        static Decided of(Review review) {
            return new Decided(review.id, review.webshopId, ModerationState.of(review), review.quarantine,
                    review.hidden(), review.deletedAt != null, ModerationState.reason(review));
        }
    }
}

package dev.shopreviews.ratings.admin.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.ratings.review.repository.Review;

/** The moderation state of a review after an operator's change (no envelope: the admin API's own shape). */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"review_id", "webshop_id", "read", "quarantine", "quarantine_reason", "verified", "held", "deleted"})
public record ReviewState(@JsonProperty("review_id") Long reviewId, @JsonProperty("webshop_id") long webshopId,
                          boolean read, boolean quarantine, @JsonProperty("quarantine_reason") String quarantineReason,
                          boolean verified, boolean held, boolean deleted) {
    static ReviewState of(Review review) {
        return new ReviewState(review.id, review.webshopId, review.read, review.quarantine, review.quarantineReason,
                review.verified, review.held, review.deletedAt != null);
    }
}

package dev.shopreviews.ratings.privacy.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;

/** {@code PUT /privacy/api/reviews/{id}}: the review after the reviewer's change. */
@JsonPropertyOrder({"status", "message", "review"})
public record PrivacyReviewAnswer(String status, String message, PrivacyReview review) {
    static PrivacyReviewAnswer of(PrivacyReview review) {
        return new PrivacyReviewAnswer(Messages.SUCCESS, PrivacyReviewsResource.UPDATED, review);
    }
}

package dev.shopreviews.ratings.privacy.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;

import java.util.List;

/** {@code GET /privacy/api/reviews/}: the reviewer's not deleted reviews on every webshop, newest first. */
@JsonPropertyOrder({"status", "message", "reviews"})
public record PrivacyReviewsAnswer(String status, String message, List<PrivacyReview> reviews) {
    static PrivacyReviewsAnswer of(List<PrivacyReview> reviews) {
        return new PrivacyReviewsAnswer(Messages.SUCCESS, PrivacyReviewsResource.LISTED, reviews);
    }
}

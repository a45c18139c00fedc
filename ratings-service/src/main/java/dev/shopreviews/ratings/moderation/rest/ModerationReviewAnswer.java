package dev.shopreviews.ratings.moderation.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.ratings.moderation.service.ModerationState;
import dev.shopreviews.ratings.review.repository.Review;

import java.time.Instant;
import java.util.List;

/** {@code GET /operator/api/ratings/reviews/{id}}: the review with its shop's and its reviewer's other reviews. */
@JsonPropertyOrder({"status", "message", "review", "shop_reviews", "reviewer_reviews"})
public record ModerationReviewAnswer(String status, String message, ModerationItem review,
                                     @JsonProperty("shop_reviews") List<ShopReview> shopReviews,
                                     @JsonProperty("reviewer_reviews") List<ReviewerReview> reviewerReviews) {

    /** Another review of the same shop; {@code import_source} as in {@link ModerationItem}. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record ShopReview(long id, int rating, Instant created, String state, String importSource) {
        static ShopReview of(Review review) {
            return new ShopReview(review.id, review.rating, review.createdAt, ModerationState.of(review),
                    review.importSource);
        }
    }

    /** Another review with the same e-mail address, on any shop; {@code import_source} as in {@link ModerationItem}. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record ReviewerReview(long id, long webshopId, int rating, Instant created, String state, String importSource) {
        static ReviewerReview of(Review review) {
            return new ReviewerReview(review.id, review.webshopId, review.rating, review.createdAt,
                    ModerationState.of(review), review.importSource);
        }
    }
}

package dev.shopreviews.ratings.moderation.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.ratings.moderation.service.ModerationState;
import dev.shopreviews.ratings.review.repository.Review;

import java.time.Instant;

/** A review as the moderators see it: the reviewer's own comment (never the public notice), state and reason. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ModerationItem(long reviewId, long webshopId, int rating, String name, String comment, Instant created,
                             String state, String reason, boolean verified) {
    static ModerationItem of(Review review) {
        return new ModerationItem(review.id, review.webshopId, review.rating, review.name, review.comment,
                review.createdAt, ModerationState.of(review), ModerationState.reason(review), review.verified);
    }
}

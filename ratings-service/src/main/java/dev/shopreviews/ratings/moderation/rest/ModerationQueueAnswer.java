package dev.shopreviews.ratings.moderation.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.ratings.moderation.repository.ModerationReviews;

import java.util.List;

/** {@code GET /operator/api/ratings/moderation}: one queue's page and how many reviews wait in each queue. */
@JsonPropertyOrder({"status", "message", "reviews", "counts"})
public record ModerationQueueAnswer(String status, String message, List<ModerationItem> reviews,
                                    ModerationReviews.Counts counts) {
}

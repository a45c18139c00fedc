package dev.shopreviews.ratings.reply.service;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.shopreviews.common.api.JsonRequest;
import jakarta.validation.constraints.Positive;

/**
 * The body of review replies (spec 4.8): review_id (integer, required), reply (string, required, trimmed, not
 * empty after trimming), notify (boolean, default false). Any other type or value is a 400, checked in that order
 * (common {@code RequestBodies}). Unknown fields are ignored. The names on the components are the body's.
 */
@JsonRequest(notObject = ReplyRequest.NOT_AN_OBJECT)
public record ReplyRequest(
        @JsonProperty("review_id") @Positive(message = "Invalid value for review_id: expected a positive integer.") long reviewId,
        @ValidReply String reply,
        @JsonProperty("notify") boolean notifyReviewer) {
    public static final int MAX_REPLY = 5000;
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object with review_id, reply and notify.";

    /** The reply as stored. */
    public String trimmedReply() {
        return reply.trim();
    }
}

package dev.shopreviews.ratings.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.ratings.reply.service.ReplyRequest;
import dev.shopreviews.ratings.reply.service.ValidReply;

/**
 * The body of a dashboard reply, for the review of the path: reply (string, required, trimmed, not empty, at most
 * 5000 characters), notify (boolean, default false); the rules and messages of {@link ReplyRequest}'s.
 */
@JsonRequest(notObject = DashboardReplyRequest.NOT_A_REPLY)
public record DashboardReplyRequest(@ValidReply String reply, @JsonProperty("notify") boolean notifyReviewer) {
    static final String NOT_A_REPLY = "Invalid request body: expected a JSON object with reply and notify.";

    ReplyRequest forReview(long reviewId) {
        return new ReplyRequest(reviewId, reply, notifyReviewer);
    }
}

package dev.shopreviews.ratings.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The body of a dashboard reply (documentation only; parsed by {@code ReplyRequest} with the review of the path):
 * reply (string, required, trimmed, not empty, at most 5000 characters), notify (boolean, default false).
 */
public record DashboardReplyRequest(String reply, @JsonProperty("notify") boolean notifyReviewer) {
}

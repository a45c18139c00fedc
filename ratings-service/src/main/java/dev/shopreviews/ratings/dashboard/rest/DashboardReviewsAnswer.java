package dev.shopreviews.ratings.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/**
 * {@code GET /dashboard/api/ratings/webshops/{id}/reviews}: one page, newest first; {@code next}: the cursor of the
 * next page (pass it as {@code after}), null on the last; {@code total}: how many reviews match the filters.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"status", "message", "items", "next", "total"})
public record DashboardReviewsAnswer(String status, String message, List<DashboardReview> items, String next, long total) {
}

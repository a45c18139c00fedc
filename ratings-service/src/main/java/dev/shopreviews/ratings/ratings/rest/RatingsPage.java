package dev.shopreviews.ratings.ratings.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.ratings.ratings.service.RatingsItem;
import dev.shopreviews.ratings.ratings.service.Ratings;

import java.util.List;

/** Spec 4.3 success: the matching total, then one page of items, newest first. */
@JsonPropertyOrder({"status", "message", "total", "ratings"})
public record RatingsPage(String status, String message, long total, List<RatingsItem> ratings) {
    static RatingsPage of(Ratings.Page page) {
        return new RatingsPage(Messages.SUCCESS, RatingsResource.SUCCESS, page.total(), page.items());
    }
}

package dev.shopreviews.ratings.imports.service;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;

import java.time.Instant;
import java.util.List;

/**
 * One validated review of an import: {@code row} is its 1-based place in the request; {@code ratings} are the
 * source's sub-ratings, or each the overall rating when the source had none; {@code email} and {@code country} are
 * empty when the source gave none.
 */
public record ImportRow(int row, String sourceReviewId, Instant created, String name, String email, String country,
                        String language, int rating, SubRatings ratings, String comment, boolean verifiedPurchase,
                        List<ReviewSubmitted.ProductReview> products) {
}

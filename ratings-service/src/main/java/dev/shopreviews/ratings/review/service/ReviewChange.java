package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.events.SubRatings;

/** A reviewer's own change of a stored review (the privacy page): ratings and comment (null or blank: none). */
public record ReviewChange(int rating, SubRatings ratings, String comment) {
}

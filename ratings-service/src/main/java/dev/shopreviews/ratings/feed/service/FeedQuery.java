package dev.shopreviews.ratings.feed.service;

import java.time.Instant;

/** What a feed request asks for. {@code detailed}: also quarantined and deleted product reviews, plus sync elements. */
public record FeedQuery(long webshopId, boolean detailed, Instant changedAfter) {
}

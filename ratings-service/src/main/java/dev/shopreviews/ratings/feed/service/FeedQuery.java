package dev.shopreviews.ratings.feed.service;

import java.time.Instant;

/**
 * What a feed request asks for. {@code detailed}: also quarantined and deleted product reviews, plus sync elements;
 * {@code schema}: the feed version to write.
 */
public record FeedQuery(long webshopId, boolean detailed, Instant changedAfter, FeedSchema schema) {
}

package dev.shopreviews.ratings.feed.service;

import java.time.Instant;

/** One product review as the feed shows it, joined with the review it was written in. */
public record FeedEntry(
        long id,
        long reviewId,
        String productId,
        String productName,
        String productUrl,
        String sku,
        String gtin,
        int rating,
        String text,
        String reviewerName,
        String reviewerEmail,
        Instant createdAt,
        Instant modifiedAt,
        boolean quarantine,
        Instant deletedAt,
        /* The reviewer's address was erased: no name, e-mail or text; the review is deleted. */
        boolean erased,
        /* Set while the moderators keep the review hidden (detailed feed only): reported as spam with the notice. */
        String hiddenReason) {

    public boolean hidden() {
        return hiddenReason != null;
    }
}

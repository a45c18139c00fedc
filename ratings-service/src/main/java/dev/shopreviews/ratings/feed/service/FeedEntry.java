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
        /* For an erased review (detailed feed): the original address while it is kept (ErasedReviewAddress), else "". */
        String reviewerEmail,
        Instant createdAt,
        Instant modifiedAt,
        boolean quarantine,
        Instant deletedAt,
        /* The reviewer's address was erased: no name, e-mail or text; the review is deleted. */
        boolean erased,
        /* Set while the moderators keep the review hidden (detailed feed only): reported as spam with the notice. */
        String hiddenReason,
        /* How the review was collected: invitation, popup or form (the 2.4 feed's collection_method). */
        String origin,
        boolean verified,
        boolean incentivized,
        /* ISO 639-1 and ISO 3166-1 codes as stored (the 2.4 feed's review_language and review_country). */
        String language,
        String country) {

    public boolean hidden() {
        return hiddenReason != null;
    }

    /** Deleted by anyone, erased included (an erasure deletes the review). */
    public boolean deleted() {
        return deletedAt != null || erased;
    }

    /**
     * Shown to the public as the reviewer wrote it: not quarantined, hidden, deleted or erased (held reviews never
     * reach the feed). The detailed feed's valid.
     */
    public boolean publiclyShown() {
        return !quarantine && !hidden() && !deleted();
    }
}

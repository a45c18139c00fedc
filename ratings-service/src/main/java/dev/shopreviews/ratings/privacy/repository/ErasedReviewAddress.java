package dev.shopreviews.ratings.privacy.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * The original e-mail address of an erased review that has product reviews, kept for
 * {@code shopreviews.retention.erased-review-address} after the erasure: sync clients find their copy of a review
 * by review id, product and this address, and only so learn to delete it (GDPR Art. 19). Data only: written and
 * purged through {@link ErasedReviewAddresses}, read by the detailed feed ({@code FeedEntries}).
 */
@Entity
@Table(name = "erased_review_address")
public class ErasedReviewAddress {
    @Id
    @Column(name = "review_id")
    public Long reviewId;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    @Column(nullable = false)
    public String email;

    @Column(name = "erased_at", nullable = false)
    public Instant erasedAt;
}

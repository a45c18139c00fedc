package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.ratings.config.RatingsConfig;
import dev.shopreviews.ratings.review.mapping.SubmittedReviews;
import dev.shopreviews.ratings.review.repository.Review;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/**
 * Changes of one stored review that are announced like every change (reviews.updated or reviews.deleted, then the
 * webshop's summary): the one deletion path (the operator's and the reviewer's) and the reviewer's own edit. Call
 * inside a transaction, with the review's webshop locked ({@code ReviewRepository.lockWebshop}).
 */
@ApplicationScoped
public class ReviewChanges {
    private final ReviewEvents events;
    private final int duplicateMinLength;

    public ReviewChanges(ReviewEvents events, RatingsConfig config) {
        this.events = events;
        this.duplicateMinLength = config.quarantine().duplicateMinLength();
    }

    /** 400 envelope with the first rule the change breaks ({@link ReviewValidator#refuseChange}). */
    public static void check(ReviewChange change) {
        ReviewValidator.refuseChange(change.rating(), change.ratings(), change.comment()).ifPresent(problem -> {
            throw EnvelopeException.invalid("Invalid review: " + problem + ".");
        });
    }

    /** Marks the review deleted; reviews.deleted and the summary. */
    public Uni<Review> delete(Review review) {
        Instant now = Instant.now();
        review.deletedAt = now;
        review.modifiedAt = now;
        return events.deleted(review).replaceWith(review);
    }

    /**
     * The reviewer's change: the review form's rules ({@link ReviewValidator#refuseChange}; refused: 400 envelope),
     * the new ratings and text; a text the quarantine rules find suspicious ({@link Suspicion}) quarantines the review
     * as it would a new one. reviews.updated and the summary.
     */
    public Uni<Review> edit(Review review, ReviewChange change) {
        check(change);
        String comment = change.comment() == null || change.comment().isBlank() ? null : change.comment().trim();
        review.rating = (short) change.rating();
        review.shippingtime = (short) change.ratings().shippingtime();
        review.customerservice = (short) change.ratings().customerservice();
        review.pricequality = (short) change.ratings().pricequality();
        review.aftersale = (short) change.ratings().aftersale();
        review.comment = comment;
        review.commentHash = SubmittedReviews.commentHash(comment, duplicateMinLength);
        List<String> suspicious = Suspicion.inText(comment);
        if (!suspicious.isEmpty()) {
            review.quarantine = true;
            String reasons = String.join("; ", suspicious);
            review.quarantineReason = reasons.length() > 500 ? reasons.substring(0, 500) : reasons;
        }
        review.modifiedAt = Instant.now();
        return events.updated(review).replaceWith(review);
    }
}

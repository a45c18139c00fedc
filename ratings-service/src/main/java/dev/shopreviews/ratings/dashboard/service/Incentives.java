package dev.shopreviews.ratings.dashboard.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.ratings.reply.service.Replies;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * The owner says whether the shop offered the reviewer something for a review (the 2.4 product feed's
 * is_incentivized_review). A change moves the review's modified time, so a feed synced with last_synced picks it up.
 * Audited as the owner.
 */
@ApplicationScoped
public class Incentives {
    private final ReviewRepository reviews;
    private final AuditLog audit;

    public Incentives(ReviewRepository reviews, AuditLog audit) {
        this.reviews = reviews;
        this.audit = audit;
    }

    /** What the audit log keeps of the flag. */
    public record Flag(boolean incentivized) {
    }

    /** 404 for a review not of this shop or deleted. */
    @WithTransaction
    public Uni<Review> mark(Owner owner, long webshopId, long reviewId, boolean incentivized) {
        return reviews.ofWebshop(webshopId, reviewId)
                .onItem().ifNull().failWith(() -> EnvelopeException.notFound(Replies.REVIEW_NOT_FOUND))
                .call(review -> {
                    if (review.incentivized == incentivized) {
                        return Uni.createFrom().voidItem();
                    }
                    Flag before = new Flag(review.incentivized);
                    review.incentivized = incentivized;
                    review.modifiedAt = Instant.now();
                    return audit.record(owner, "review.incentivized", "review:" + reviewId, webshopId, before,
                            new Flag(incentivized));
                });
    }
}

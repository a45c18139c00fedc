package dev.shopreviews.ratings.admin.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.review.service.ReviewChanges;
import dev.shopreviews.ratings.review.service.ReviewEvents;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** The operator's flag changes (spec 3.2 leaves them open): read, quarantine, release, delete; each is announced. */
@ApplicationScoped
public class ReviewModeration {
    private final ReviewRepository reviews;
    private final ReviewEvents events;
    private final ReviewChanges changes;

    public ReviewModeration(ReviewRepository reviews, ReviewEvents events, ReviewChanges changes) {
        this.reviews = reviews;
        this.events = events;
        this.changes = changes;
    }

    @WithTransaction
    public Uni<Review> markRead(long reviewId, boolean read) {
        return change(reviewId, review -> review.read = read).call(events::updated);
    }

    @WithTransaction
    public Uni<Review> quarantine(long reviewId, String reason) {
        return change(reviewId, review -> {
            review.quarantine = true;
            review.quarantineReason = reason == null || reason.isBlank() ? "set by the operator"
                    : reason.trim().substring(0, Math.min(500, reason.trim().length()));
        }).call(events::updated);
    }

    @WithTransaction
    public Uni<Review> release(long reviewId) {
        return change(reviewId, review -> {
            review.quarantine = false;
            review.quarantineReason = null;
        }).call(events::updated);
    }

    @WithTransaction
    public Uni<Review> delete(long reviewId) {
        return change(reviewId, review -> {
        }).chain(changes::delete);
    }

    private Uni<Review> change(long reviewId, java.util.function.Consumer<Review> mutation) {
        return reviews.notDeleted(reviewId)
                .onItem().ifNull().failWith(() -> EnvelopeException.notFound("Review not found."))
                .call(review -> reviews.lockWebshop(review.webshopId))
                .invoke(review -> {
                    mutation.accept(review);
                    review.modifiedAt = Instant.now();
                });
    }
}

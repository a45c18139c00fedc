package dev.shopreviews.ratings.moderation.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.ratings.moderation.repository.ModerationReviews;
import dev.shopreviews.ratings.review.repository.Review;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/** What the moderators read: a queue with the states' counts, and one review with its context. */
@ApplicationScoped
public class ModerationQueue {
    private final ModerationReviews reviews;

    public ModerationQueue(ModerationReviews reviews) {
        this.reviews = reviews;
    }

    public record Page(List<Review> reviews, ModerationReviews.Counts counts) {
    }

    /** A review with the shop's and the reviewer's other reviews, newest first. */
    public record InContext(Review review, List<Review> shopReviews, List<Review> reviewerReviews) {
    }

    @WithSession
    public Uni<Page> page(ModerationState state, Long webshopId, Long beforeId, int limit) {
        return reviews.queue(state.condition(), webshopId, beforeId, limit)
                .chain(found -> reviews.counts(webshopId).map(counts -> new Page(found, counts)));
    }

    /** 404 envelope for an unknown or deleted review. */
    @WithSession
    public Uni<InContext> review(long reviewId) {
        return reviews.byId(reviewId)
                .onItem().ifNull().failWith(ModerationQueue::notFound)
                .invoke(review -> {
                    if (review.deletedAt != null) {
                        throw notFound();
                    }
                })
                .chain(review -> reviews.ofShopExcept(review.webshopId, review.id)
                        .chain(shop -> reviews.ofReviewerExcept(review.email, review.id)
                                .map(reviewer -> new InContext(review, shop, reviewer))));
    }

    public static EnvelopeException notFound() {
        return EnvelopeException.notFound("Review not found.");
    }
}

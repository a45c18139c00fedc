package dev.shopreviews.ratings.moderation.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.ratings.dashboard.repository.ReviewReport;
import dev.shopreviews.ratings.dashboard.repository.ReviewReports;
import dev.shopreviews.ratings.moderation.repository.ModerationReviews;
import dev.shopreviews.ratings.review.repository.Review;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Map;

/** What the moderators read: a queue with the states' counts, and one review with its context. */
@ApplicationScoped
public class ModerationQueue {
    private final ModerationReviews reviews;
    private final ReviewReports reports;

    public ModerationQueue(ModerationReviews reviews, ReviewReports reports) {
        this.reviews = reviews;
        this.reports = reports;
    }

    /** {@code reports}: the open report of each review that has one. */
    public record Page(List<Review> reviews, Map<Long, ReviewReport> reports, ModerationReviews.Counts counts) {
    }

    /** A review with its open report (or null) and the shop's and the reviewer's other reviews, newest first. */
    public record InContext(Review review, ReviewReport report, List<Review> shopReviews, List<Review> reviewerReviews) {
    }

    @WithSession
    public Uni<Page> page(ModerationState state, Long webshopId, Long beforeId, int limit) {
        return reviews.queue(state.condition(), webshopId, beforeId, limit)
                .chain(found -> reports.openOf(found.stream().map(review -> review.id).toList())
                        .chain(open -> reviews.counts(webshopId).map(counts -> new Page(found, open, counts))));
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
                .chain(review -> reports.openOf(List.of(review.id)).chain(open -> reviews.ofShopExcept(review.webshopId, review.id)
                        .chain(shop -> reviews.ofReviewerExcept(review.email, review.id)
                                .map(reviewer -> new InContext(review, open.get(review.id), shop, reviewer)))));
    }

    public static EnvelopeException notFound() {
        return EnvelopeException.notFound("Review not found.");
    }
}

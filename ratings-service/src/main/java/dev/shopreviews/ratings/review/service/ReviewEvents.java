package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.events.ReviewChanged;
import dev.shopreviews.common.events.EventTopic;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.common.outbox.OutboxBatch;
import dev.shopreviews.ratings.review.mapping.RatingItems;
import dev.shopreviews.ratings.review.repository.ProductReview;
import dev.shopreviews.ratings.review.repository.ProductReviewRepository;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.summary.service.SummaryEvents;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Announces review changes through the outbox, inside the transaction that made them: the review event
 * (payload = a ratings.json item; an imported review's source beside it) and, for updates and deletions, then the
 * webshop's new compacted summary.
 * A created review announces no summary: the intake announces each webshop's summary once per batch.
 */
@ApplicationScoped
public class ReviewEvents {
    private final Outbox outbox;
    private final SummaryEvents summaries;
    private final ReviewRepository reviews;
    private final ProductReviewRepository products;

    public ReviewEvents(Outbox outbox, SummaryEvents summaries, ReviewRepository reviews, ProductReviewRepository products) {
        this.outbox = outbox;
        this.summaries = summaries;
        this.reviews = reviews;
        this.products = products;
    }

    /**
     * Only the reviews.created event, added to the intake batch's outbox events (the review is inserted already:
     * its id is known); the intake appends them and announces the summary ({@link SummaryEvents}) after its batch.
     */
    public void created(Review review, List<ProductReview> productReviews, OutboxBatch batch) {
        batch.add(Topics.REVIEWS_CREATED, String.valueOf(review.webshopId), event(ReviewChanged.CREATED, review, productReviews));
    }

    /** Announces the review with its product reviews as stored now (public read models keep product stars). */
    public Uni<Void> updated(Review review) {
        return reviews.flush().chain(() -> products.ofReviews(List.of(review.id)))
                .chain(productReviews -> outbox.append(Topics.REVIEWS_UPDATED, String.valueOf(review.webshopId),
                        event(ReviewChanged.UPDATED, review, productReviews)))
                .chain(() -> summaries.announce(review.webshopId));
    }

    public Uni<Void> deleted(Review review) {
        return announce(Topics.REVIEWS_DELETED, ReviewChanged.DELETED, review)
                .chain(() -> summaries.announce(review.webshopId));
    }

    /**
     * Only the reviews.deleted event, for a change that deletes several reviews of a webshop at once (an erasure):
     * the caller announces each webshop's summary once after them ({@link SummaryEvents#announce}).
     */
    public Uni<Void> deletedOnly(Review review) {
        return announce(Topics.REVIEWS_DELETED, ReviewChanged.DELETED, review);
    }

    private Uni<Void> announce(EventTopic<ReviewChanged> topic, String type, Review review) {
        return reviews.flush().chain(() -> outbox.append(topic, String.valueOf(review.webshopId), event(type, review)));
    }

    private static ReviewChanged event(String type, Review review) {
        return new ReviewChanged(UUID.randomUUID().toString(), type, Instant.now(), review.webshopId, review.published(),
                RatingItems.of(review), review.invitationId, review.hiddenReason, null, review.importSource);
    }

    private static ReviewChanged event(String type, Review review, List<ProductReview> productReviews) {
        List<ReviewChanged.Product> items = productReviews.stream().map(p -> new ReviewChanged.Product(p.productId, p.name,
                p.url, p.imageUrl, p.sku, p.gtin, p.rating, p.text)).toList();
        return new ReviewChanged(UUID.randomUUID().toString(), type, Instant.now(), review.webshopId, review.published(),
                RatingItems.of(review), review.invitationId, review.hiddenReason, items, review.importSource);
    }
}

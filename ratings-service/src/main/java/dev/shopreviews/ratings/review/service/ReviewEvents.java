package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.events.RatingsSummary;
import dev.shopreviews.common.events.ReviewChanged;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.ratings.review.mapping.RatingItems;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.summary.service.Summaries;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.UUID;

/**
 * Announces review changes through the outbox, inside the transaction that made them: the review event
 * (payload = a ratings.json item) and then the webshop's new compacted summary.
 */
@ApplicationScoped
public class ReviewEvents {
    private final Outbox outbox;
    private final Summaries summaries;

    public ReviewEvents(Outbox outbox, Summaries summaries) {
        this.outbox = outbox;
        this.summaries = summaries;
    }

    public Uni<Void> created(Review review) {
        return announce(Topics.REVIEWS_CREATED, ReviewChanged.CREATED, review);
    }

    public Uni<Void> updated(Review review) {
        return announce(Topics.REVIEWS_UPDATED, ReviewChanged.UPDATED, review);
    }

    public Uni<Void> deleted(Review review) {
        return announce(Topics.REVIEWS_DELETED, ReviewChanged.DELETED, review);
    }

    private Uni<Void> announce(String topic, String type, Review review) {
        String key = String.valueOf(review.webshopId);
        ReviewChanged event = new ReviewChanged(UUID.randomUUID().toString(), type, Instant.now(), review.webshopId,
                review.published(), RatingItems.of(review));
        return Panache.flush()
                .chain(() -> outbox.append(topic, key, event))
                .chain(() -> summary(review.webshopId));
    }

    private Uni<Void> summary(long webshopId) {
        return summaries.of(webshopId).chain(summary -> outbox.append(Topics.RATINGS_SUMMARY, String.valueOf(webshopId),
                new RatingsSummary(UUID.randomUUID().toString(), RatingsSummary.TYPE, Instant.now(), webshopId,
                        summary.amount(), summary.rating(), new RatingsSummary.SubAverages(summary.shippingtime(),
                        summary.customerservice(), summary.pricequality(), summary.aftersale()))));
    }
}

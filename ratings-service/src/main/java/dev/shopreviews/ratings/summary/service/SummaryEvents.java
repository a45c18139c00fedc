package dev.shopreviews.ratings.summary.service;

import dev.shopreviews.common.events.RatingsSummary;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.UUID;

/**
 * Announces a webshop's current summary on the compacted {@code ratings.summary} topic (only the latest per webshop
 * matters) through the outbox. Call inside the transaction that changed the webshop's reviews, after the changes.
 */
@ApplicationScoped
public class SummaryEvents {
    private final Outbox outbox;
    private final Summaries summaries;
    private final ReviewRepository reviews;

    public SummaryEvents(Outbox outbox, Summaries summaries, ReviewRepository reviews) {
        this.outbox = outbox;
        this.summaries = summaries;
        this.reviews = reviews;
    }

    public Uni<Void> announce(long webshopId) {
        return reviews.flush()
                .chain(() -> summaries.of(webshopId))
                .chain(summary -> outbox.append(Topics.RATINGS_SUMMARY, String.valueOf(webshopId),
                        new RatingsSummary(UUID.randomUUID().toString(), RatingsSummary.TYPE, Instant.now(), webshopId,
                                summary.amount(), summary.rating(), new RatingsSummary.SubAverages(summary.shippingtime(),
                                summary.customerservice(), summary.pricequality(), summary.aftersale()))));
    }
}

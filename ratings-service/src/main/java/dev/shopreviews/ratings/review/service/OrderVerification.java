package dev.shopreviews.ratings.review.service;

import dev.shopreviews.ratings.review.repository.OrderConfirmation;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/**
 * The shop confirmed an order (it added the invitation for it): remember it, and publish the held pop-up reviews
 * of that order as verified. Call inside a transaction.
 */
@ApplicationScoped
public class OrderVerification {
    private final OrderConfirmation confirmations;
    private final ReviewRepository reviews;
    private final ReviewEvents events;

    public OrderVerification(OrderConfirmation confirmations, ReviewRepository reviews, ReviewEvents events) {
        this.confirmations = confirmations;
        this.reviews = reviews;
        this.events = events;
    }

    /** Answers how many held reviews were published. */
    public Uni<Integer> confirm(long webshopId, String orderNumber) {
        Instant now = Instant.now();
        return reviews.lockWebshop(webshopId)
                .chain(() -> confirmations.remember(webshopId, orderNumber, now))
                .chain(() -> reviews.heldForOrder(webshopId, orderNumber))
                .chain(held -> release(held, now));
    }

    private Uni<Integer> release(List<Review> held, Instant now) {
        if (held.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return Multi.createFrom().iterable(held)
                .onItem().transformToUniAndConcatenate(review -> {
                    review.held = false;
                    review.verified = true;
                    review.modifiedAt = now;
                    return events.updated(review);
                })
                .collect().last().replaceWith(held.size());
    }
}

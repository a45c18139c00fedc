package dev.shopreviews.ratings.review.service;

import dev.shopreviews.ratings.review.repository.ConfirmedOrder;
import dev.shopreviews.ratings.review.repository.OrderConfirmation;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/**
 * The shop confirmed an order for an e-mail address (it added the invitation for it): remember it, and publish the
 * oldest held pop-up review of that order BY THAT ADDRESS as verified, unless the order already has a verified
 * review (one verified review per order). Reviews of the order by other addresses stay held. Call inside a
 * transaction.
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

    /** Answers how many held reviews were published (0 or 1). */
    public Uni<Integer> confirm(long webshopId, String orderNumber, String email) {
        Instant now = Instant.now();
        ConfirmedOrder order = ConfirmedOrder.of(webshopId, orderNumber, email);
        return reviews.lockWebshop(webshopId)
                .chain(() -> confirmations.remember(order, now))
                .chain(() -> reviews.verifiedOrders(List.of(webshopId), List.of(orderNumber)))
                .chain(verified -> !verified.isEmpty() ? Uni.createFrom().item(0)
                        : reviews.heldForOrder(order).chain(held -> release(held.isEmpty() ? held : held.subList(0, 1), now)));
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

package dev.shopreviews.ratings.privacy.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.ratings.reply.repository.ReplyNotificationRepository;
import dev.shopreviews.ratings.review.repository.OrderConfirmation;
import dev.shopreviews.ratings.review.repository.ProductReviewRepository;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.review.repository.WebshopReplicas;
import dev.shopreviews.ratings.review.service.ReviewChange;
import dev.shopreviews.ratings.review.service.ReviewChanges;
import dev.shopreviews.ratings.privacy.repository.ErasedReviewAddress;
import dev.shopreviews.ratings.privacy.repository.ErasedReviewAddresses;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The reviewer's own reviews on every webshop, for their privacy page (the address comes from the verified session
 * cookie): list, change (the review form's rules, {@link ReviewChanges#edit}), delete (the one deletion path,
 * {@link ReviewChanges#delete}), export. Someone else's, an unknown or a deleted review is 404 "Review not found.".
 */
@ApplicationScoped
public class ReviewerReviews {
    private final ReviewRepository reviews;
    private final ProductReviewRepository products;
    private final WebshopReplicas webshops;
    private final OrderConfirmation confirmations;
    private final ReplyNotificationRepository notifications;
    private final ReviewChanges changes;
    private final ErasedReviewAddresses erasedAddresses;

    public ReviewerReviews(ReviewRepository reviews, ProductReviewRepository products, WebshopReplicas webshops,
                           OrderConfirmation confirmations, ReplyNotificationRepository notifications,
                           ReviewChanges changes, ErasedReviewAddresses erasedAddresses) {
        this.erasedAddresses = erasedAddresses;
        this.reviews = reviews;
        this.products = products;
        this.webshops = webshops;
        this.confirmations = confirmations;
        this.notifications = notifications;
        this.changes = changes;
    }

    /** The not deleted reviews of the address with their products and webshop names. */
    @WithSession
    public Uni<ReviewerData> list(String email) {
        return reviews.ofReviewer(email).chain(found -> withProductsAndNames(found, List.of(), List.of(), List.of()));
    }

    /** Everything stored about the address: reviews (deleted too), order confirmations, reply notifications. */
    @WithSession
    public Uni<ReviewerData> export(String email) {
        return reviews.allOfReviewer(email).chain(found -> confirmations.ofEmail(email)
                .chain(orders -> notifications.ofRecipient(email)
                        .chain(notices -> erasedAddresses.ofEmail(email)
                                .chain(erased -> withProductsAndNames(found, orders, notices, erased)))));
    }

    /** Changes the reviewer's review; answers it with its products and webshop name. */
    @WithTransaction
    public Uni<ReviewerData> edit(String email, long reviewId, ReviewChange change) {
        return Uni.createFrom().deferred(() -> {
            ReviewChanges.check(change);
            return own(email, reviewId);
        }).chain(review -> changes.edit(review, change))
                .chain(review -> withProductsAndNames(List.of(review), List.of(), List.of(), List.of()));
    }

    @WithTransaction
    public Uni<Review> delete(String email, long reviewId) {
        return own(email, reviewId).chain(changes::delete);
    }

    private Uni<Review> own(String email, long reviewId) {
        return reviews.ofReviewer(email, reviewId)
                .onItem().ifNull().failWith(() -> EnvelopeException.notFound("Review not found."))
                .call(review -> reviews.lockWebshop(review.webshopId));
    }

    private Uni<ReviewerData> withProductsAndNames(List<Review> found, List<OrderConfirmation.Confirmation> orders,
                                                   List<dev.shopreviews.ratings.reply.repository.ReplyNotification> notices,
                                                   List<ErasedReviewAddress> erased) {
        List<Long> reviewIds = found.stream().map(review -> review.id).toList();
        List<Long> shopIds = found.stream().map(review -> review.webshopId).distinct().toList();
        Uni<List<WebshopReplica>> shops = shopIds.isEmpty() ? Uni.createFrom().item(List.of())
                : webshops.list("id in ?1", shopIds);
        return products.ofReviews(reviewIds).chain(productList -> shops.map(replicas -> {
            Map<Long, String> names = replicas.stream().collect(Collectors.toMap(shop -> shop.id, shop -> shop.name));
            return new ReviewerData(found, productList, names, orders, notices, erased);
        }));
    }
}

package dev.shopreviews.ratings.privacy.service;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.ratings.privacy.repository.ErasedReviewAddresses;
import dev.shopreviews.ratings.reply.repository.ReplyNotificationRepository;
import dev.shopreviews.ratings.review.repository.OrderConfirmation;
import dev.shopreviews.ratings.review.repository.ProductReviewRepository;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.review.service.ReviewEvents;
import dev.shopreviews.ratings.summary.service.SummaryEvents;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Erases what this service stores about one e-mail address (docs/privacy.md, ratings-service rows), at one webshop
 * or every webshop (0). Inside the caller's transaction: the webshops of the address's reviews are locked (in id
 * order, as every change of a webshop's reviews does), then each review is blanked (name, e-mail, order number,
 * comment and its hash, client address, the shop's reply, product texts) and, unless it was deleted before,
 * deleted with {@code reviews.deleted} (the event carries the blanked review); each webshop that lost a review
 * announces its summary once. A review with product reviews keeps its original address, and nothing else, in
 * {@link ErasedReviewAddresses} for a while, so the detailed feed can tell the shop's copy to delete itself (GDPR
 * Art. 19). Order confirmations, reply notifications and dead letters naming the address go.
 * Applied twice, the second finds nothing: no review has the address any more.
 */
@ApplicationScoped
public class Erasure {
    public record Erased(int reviews, int deleted, int orderConfirmations, int replyNotifications, int deadLetters) {
    }

    private final ReviewRepository reviews;
    private final ProductReviewRepository products;
    private final OrderConfirmation confirmations;
    private final ReplyNotificationRepository notifications;
    private final ReviewEvents events;
    private final SummaryEvents summaries;
    private final DeadLetters deadLetters;
    private final ErasedReviewAddresses addresses;

    public Erasure(ReviewRepository reviews, ProductReviewRepository products, OrderConfirmation confirmations,
                   ReplyNotificationRepository notifications, ReviewEvents events, SummaryEvents summaries,
                   DeadLetters deadLetters, ErasedReviewAddresses addresses) {
        this.addresses = addresses;
        this.reviews = reviews;
        this.products = products;
        this.confirmations = confirmations;
        this.notifications = notifications;
        this.events = events;
        this.summaries = summaries;
        this.deadLetters = deadLetters;
    }

    public Uni<Erased> erase(String emailHash, long webshopId) {
        return reviews.webshopsOfEmailHash(emailHash, webshopId)
                .call(reviews::lockWebshops)
                .chain(() -> reviews.ofEmailHash(emailHash, webshopId))
                .chain(found -> eraseReviews(found)
                        .chain(deletedShops -> confirmations.eraseFor(emailHash, webshopId)
                                .chain(orders -> notifications.eraseFor(emailHash, webshopId)
                                        .chain(notices -> deadLetters.eraseMentioning(emailHash)
                                                .map(letters -> new Erased(found.size(), deletedShops.deleted(),
                                                        orders, notices, letters))))));
    }

    private record Deleted(int deleted, SortedSet<Long> webshops) {
    }

    private Uni<Deleted> eraseReviews(List<Review> found) {
        if (found.isEmpty()) {
            return Uni.createFrom().item(new Deleted(0, new TreeSet<>()));
        }
        Instant now = Instant.now();
        SortedSet<Long> changedShops = new TreeSet<>();
        int[] deleted = {0};
        List<Long> ids = found.stream().map(review -> review.id).toList();
        return products.ofReviews(ids)
                .map(productReviews -> productReviews.stream().map(p -> p.reviewId).collect(Collectors.toSet()))
                .chain(withProducts -> Multi.createFrom().iterable(found)
                        .onItem().transformToUniAndConcatenate(review -> keepAddress(review, withProducts, now)
                                .chain(() -> {
                                    boolean wasDeleted = review.deletedAt != null;
                                    blank(review, now);
                                    if (wasDeleted) {
                                        return Uni.createFrom().voidItem();
                                    }
                                    review.deletedAt = now;
                                    changedShops.add(review.webshopId);
                                    deleted[0]++;
                                    return events.deletedOnly(review);
                                }))
                        .collect().last())
                .chain(() -> reviews.flush())
                .chain(() -> products.eraseTexts(ids))
                .chain(() -> Multi.createFrom().iterable(changedShops)
                        .onItem().transformToUniAndConcatenate(summaries::announce)
                        .collect().last())
                .map(done -> new Deleted(deleted[0], changedShops));
    }

    /** Only what a shop's copy is found by, and only for reviews the feed lists (those with product reviews). */
    private Uni<Void> keepAddress(Review review, Set<Long> withProducts, Instant now) {
        if (!withProducts.contains(review.id) || review.email == null || review.email.isBlank()) {
            return Uni.createFrom().voidItem();
        }
        return addresses.keep(review.id, review.webshopId, review.email, now);
    }

    private static void blank(Review review, Instant now) {
        review.name = "";
        review.email = "";
        review.orderNumber = "";
        review.comment = null;
        review.commentHash = null;
        review.clientAddress = null;
        review.reaction = "";
        review.reactionAt = null;
        if (review.erasedAt == null) {
            review.erasedAt = now;
        }
        review.modifiedAt = now;
    }
}

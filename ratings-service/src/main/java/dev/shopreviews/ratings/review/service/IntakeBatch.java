package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.outbox.OutboxBatch;
import dev.shopreviews.ratings.review.repository.ConfirmedOrder;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.WebshopKey;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one intake transaction knows of the webshops of its batch, read once after their row locks were taken (so
 * nobody else changes it meanwhile) and kept up to date as the batch stores reviews: every rule therefore also sees
 * the reviews stored earlier in the same batch. Which webshops exist, which of the batch's pop-up orders they
 * confirmed for which e-mail address, which of the batch's orders already have a verified review, which of the
 * batch's invitations already have a review, which of the batch's comments they already have, and how many reviews within the burst window (counted
 * back from the batch's start) came from each of the batch's client addresses. The state of one transaction: not
 * shared, not thread-safe.
 */
public final class IntakeBatch {
    private final Set<Long> knownWebshops;
    private final Set<Long> deactivatedWebshops;
    private final Set<ConfirmedOrder> confirmedOrders;
    private final Set<WebshopKey> verifiedOrders;
    private final Map<WebshopKey, Review> invitationReviews;
    private final Set<WebshopKey> commentHashes;
    private final Map<WebshopKey, Long> reviewsFromClient;
    private final Set<Long> changedWebshops = new LinkedHashSet<>();
    private final OutboxBatch events;

    IntakeBatch(Set<Long> knownWebshops, Set<Long> deactivatedWebshops, Set<ConfirmedOrder> confirmedOrders, Set<WebshopKey> verifiedOrders,
                List<Review> invitationReviews, Set<WebshopKey> commentHashes, Map<WebshopKey, Long> reviewsFromClient,
                OutboxBatch events) {
        this.events = events;
        this.knownWebshops = Set.copyOf(knownWebshops);
        this.deactivatedWebshops = Set.copyOf(deactivatedWebshops);
        this.confirmedOrders = Set.copyOf(confirmedOrders);
        this.verifiedOrders = new HashSet<>(verifiedOrders);
        this.invitationReviews = new HashMap<>();
        invitationReviews.forEach(review -> this.invitationReviews.putIfAbsent(invitationKey(review.webshopId, review.invitationId), review));
        this.commentHashes = new HashSet<>(commentHashes);
        this.reviewsFromClient = new HashMap<>(reviewsFromClient);
    }

    /** The webshop has a replica (its lock is held); reviews of other webshops are refused. */
    public boolean knowsWebshop(long webshopId) {
        return knownWebshops.contains(webshopId);
    }

    /**
     * The operator deactivated the webshop: its reviews are refused (dead letters the operator may replay once the
     * shop is reactivated), never stored behind the operator's back.
     */
    public boolean deactivated(long webshopId) {
        return deactivatedWebshops.contains(webshopId);
    }

    /** The shop confirmed this order for this e-mail address (it invited that address for that order). */
    boolean orderConfirmed(long webshopId, String orderNumber, String email) {
        return confirmedOrders.contains(ConfirmedOrder.of(webshopId, orderNumber, email));
    }

    /** The order already has a verified review, stored before or earlier in this batch. */
    boolean orderVerified(long webshopId, String orderNumber) {
        return !orderNumber.isEmpty() && verifiedOrders.contains(new WebshopKey(webshopId, orderNumber));
    }

    /** The review written through this invitation, stored before or earlier in this batch; null when none. */
    Review invitationReview(long webshopId, Long invitationId) {
        return invitationId == null ? null : invitationReviews.get(invitationKey(webshopId, invitationId));
    }

    /** A not deleted review of the webshop, stored before or earlier in this batch, has this comment hash. */
    boolean hasComment(long webshopId, String commentHash) {
        return commentHashes.contains(new WebshopKey(webshopId, commentHash));
    }

    /** Reviews of the webshop from this client address within the burst window, this batch's included. */
    long reviewsFromClient(long webshopId, String clientAddress) {
        return reviewsFromClient.getOrDefault(new WebshopKey(webshopId, clientAddress), 0L);
    }

    /** Records a review this batch stored, for the rules of the reviews after it and for the batch's summaries. */
    void stored(Review review) {
        if (review.commentHash != null) {
            commentHashes.add(new WebshopKey(review.webshopId, review.commentHash));
        }
        if (review.clientAddress != null) {
            reviewsFromClient.merge(new WebshopKey(review.webshopId, review.clientAddress), 1L, Long::sum);
        }
        if (review.verified && !review.orderNumber.isEmpty()) {
            verifiedOrders.add(new WebshopKey(review.webshopId, review.orderNumber));
        }
        if (review.invitationId != null) {
            invitationReviews.putIfAbsent(invitationKey(review.webshopId, review.invitationId), review);
        }
        changedWebshops.add(review.webshopId);
    }

    private static WebshopKey invitationKey(long webshopId, long invitationId) {
        return new WebshopKey(webshopId, String.valueOf(invitationId));
    }

    /** The batch's reviews.created events, appended to the outbox together when the batch finishes. */
    OutboxBatch events() {
        return events;
    }

    /** The webshops that got reviews in this batch, in order of their first one. */
    Set<Long> changedWebshops() {
        return changedWebshops;
    }
}

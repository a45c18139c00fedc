package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.outbox.OutboxBatch;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.WebshopKey;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What one intake transaction knows of the webshops of its batch, read once after their row locks were taken (so
 * nobody else changes it meanwhile) and kept up to date as the batch stores reviews: every rule therefore also sees
 * the reviews stored earlier in the same batch. Which webshops exist, which of the batch's pop-up orders they
 * confirmed, which of the batch's comments they already have, and how many reviews within the burst window (counted
 * back from the batch's start) came from each of the batch's client addresses. The state of one transaction: not
 * shared, not thread-safe.
 */
public final class IntakeBatch {
    private final Set<Long> knownWebshops;
    private final Set<WebshopKey> confirmedOrders;
    private final Set<WebshopKey> commentHashes;
    private final Map<WebshopKey, Long> reviewsFromClient;
    private final Set<Long> changedWebshops = new LinkedHashSet<>();
    private final OutboxBatch events;

    IntakeBatch(Set<Long> knownWebshops, Set<WebshopKey> confirmedOrders, Set<WebshopKey> commentHashes,
                Map<WebshopKey, Long> reviewsFromClient, OutboxBatch events) {
        this.events = events;
        this.knownWebshops = Set.copyOf(knownWebshops);
        this.confirmedOrders = Set.copyOf(confirmedOrders);
        this.commentHashes = new HashSet<>(commentHashes);
        this.reviewsFromClient = new HashMap<>(reviewsFromClient);
    }

    /** The webshop has a replica (its lock is held); reviews of other webshops are refused. */
    public boolean knowsWebshop(long webshopId) {
        return knownWebshops.contains(webshopId);
    }

    boolean orderConfirmed(long webshopId, String orderNumber) {
        return confirmedOrders.contains(new WebshopKey(webshopId, orderNumber));
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
        changedWebshops.add(review.webshopId);
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

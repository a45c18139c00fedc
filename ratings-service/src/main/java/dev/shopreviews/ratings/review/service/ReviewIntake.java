package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.ratings.config.RatingsConfig;
import dev.shopreviews.ratings.review.mapping.SubmittedReviews;
import dev.shopreviews.ratings.review.repository.OrderConfirmation;
import dev.shopreviews.ratings.review.repository.ProductReview;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.summary.service.SummaryEvents;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Stores validated submitted reviews, a batch per transaction, with their product reviews and flags:
 * invitation reviews are verified; a pop-up review is verified once the shop confirmed its order and held
 * (not public) until then; add-review-form reviews are public but not verified; suspicious reviews are
 * quarantined with the reasons ({@link QuarantineRules}). Inside one transaction: {@link #begin} with the batch's
 * reviews, {@link #accept} each of them in order (announces reviews.created), then {@link #finish} (announces the
 * summary of each webshop that got reviews, once).
 */
@ApplicationScoped
public class ReviewIntake {
    private final ReviewRepository reviews;
    private final OrderConfirmation confirmations;
    private final QuarantineRules quarantine;
    private final ReviewEvents events;
    private final SummaryEvents summaries;
    private final Outbox outbox;
    private final int duplicateMinLength;

    public ReviewIntake(ReviewRepository reviews, OrderConfirmation confirmations, QuarantineRules quarantine,
                        ReviewEvents events, SummaryEvents summaries, Outbox outbox, RatingsConfig config) {
        this.outbox = outbox;
        this.reviews = reviews;
        this.confirmations = confirmations;
        this.quarantine = quarantine;
        this.events = events;
        this.summaries = summaries;
        this.duplicateMinLength = config.quarantine().duplicateMinLength();
    }

    /**
     * Takes the row locks of the batch's webshops for the rest of the transaction, in id order (batches never
     * deadlock each other; changes of one webshop, and the summaries they emit, are serialised), and reads what the
     * rules need to know of them, once for the whole batch.
     */
    public Uni<IntakeBatch> begin(List<ReviewSubmitted> batch) {
        SortedSet<Long> webshopIds = batch.stream().map(ReviewSubmitted::webshopId).collect(Collectors.toCollection(TreeSet::new));
        Set<String> orders = batch.stream().filter(s -> ReviewSubmitted.ORIGIN_POPUP.equals(s.origin()))
                .map(SubmittedReviews::orderNumber).collect(Collectors.toSet());
        Set<String> hashes = batch.stream().map(s -> SubmittedReviews.commentHash(s, duplicateMinLength))
                .filter(Objects::nonNull).collect(Collectors.toSet());
        Set<String> clients = batch.stream().map(SubmittedReviews::clientAddress).filter(Objects::nonNull)
                .collect(Collectors.toSet());
        return reviews.lockWebshops(webshopIds).chain(known -> confirmations.confirmed(known, orders)
                .chain(confirmed -> reviews.commentHashes(known, hashes)
                        .chain(commented -> reviews.fromClientsSince(known, clients, quarantine.burstWindowStart(Instant.now()))
                                .map(fromClient -> new IntakeBatch(known, confirmed, commented, fromClient, outbox.batch())))));
    }

    /** Stores the review and announces reviews.created. The webshop must be one the batch knows. */
    public Uni<Review> accept(ReviewSubmitted submitted, IntakeBatch batch) {
        Review review = SubmittedReviews.toReview(submitted, duplicateMinLength, Instant.now());
        verify(review, batch);
        List<String> reasons = quarantine.reasons(review, submitted, batch);
        if (!reasons.isEmpty()) {
            review.quarantine = true;
            review.quarantineReason = truncate(String.join("; ", reasons), 500);
        }
        return reviews.persist(review)
                .chain(saved -> products(saved, submitted.products()))
                .invoke(() -> {
                    events.created(review, batch.events());
                    batch.stored(review);
                })
                .replaceWith(review);
    }

    /**
     * Appends the batch's reviews.created events (one statement), then announces the current summary of each webshop
     * that got reviews in the batch, once, after all of them.
     */
    public Uni<Void> finish(IntakeBatch batch) {
        return batch.events().append().chain(() -> Multi.createFrom().iterable(batch.changedWebshops())
                .onItem().transformToUniAndConcatenate(summaries::announce)
                .collect().last().replaceWithVoid());
    }

    private static void verify(Review review, IntakeBatch batch) {
        switch (review.origin) {
            case ReviewSubmitted.ORIGIN_INVITATION -> review.verified = true;
            case ReviewSubmitted.ORIGIN_POPUP -> {
                boolean confirmed = batch.orderConfirmed(review.webshopId, review.orderNumber);
                review.verified = confirmed;
                review.held = !confirmed;
            }
            default -> review.verified = false;
        }
    }

    private Uni<Void> products(Review review, List<ReviewSubmitted.ProductReview> submitted) {
        if (submitted == null || submitted.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Multi.createFrom().iterable(submitted)
                .onItem().transformToUniAndConcatenate(product -> SubmittedReviews.toProductReview(review, product).<ProductReview>persist())
                .collect().last().replaceWithVoid();
    }

    private static String truncate(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }
}

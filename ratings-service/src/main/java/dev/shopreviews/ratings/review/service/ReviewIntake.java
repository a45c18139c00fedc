package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.ratings.config.RatingsConfig;
import dev.shopreviews.ratings.review.mapping.SubmittedReviews;
import dev.shopreviews.ratings.review.repository.OrderConfirmation;
import dev.shopreviews.ratings.review.repository.ProductReview;
import dev.shopreviews.ratings.review.repository.ProductReviewRepository;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.summary.service.SummaryEvents;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
    private final ProductReviewRepository products;
    private final OrderConfirmation confirmations;
    private final QuarantineRules quarantine;
    private final ReviewEvents events;
    private final SummaryEvents summaries;
    private final Outbox outbox;
    private final int duplicateMinLength;
    private final Duration editWindow;

    public ReviewIntake(ReviewRepository reviews, ProductReviewRepository products, OrderConfirmation confirmations,
                        QuarantineRules quarantine, ReviewEvents events, SummaryEvents summaries, Outbox outbox,
                        RatingsConfig config) {
        this.outbox = outbox;
        this.reviews = reviews;
        this.products = products;
        this.confirmations = confirmations;
        this.quarantine = quarantine;
        this.events = events;
        this.summaries = summaries;
        this.duplicateMinLength = config.quarantine().duplicateMinLength();
        this.editWindow = config.reviewEditWindow();
    }

    /**
     * Call first in the batch's transaction: its session flushes at commit only
     * ({@link ReviewRepository#flushAtCommitOnly}).
     */
    public Uni<Void> flushAtCommitOnly() {
        return reviews.flushAtCommitOnly();
    }

    /**
     * Takes the row locks of the batch's webshops for the rest of the transaction, in id order (batches never
     * deadlock each other; changes of one webshop, and the summaries they emit, are serialised), and reads what the
     * rules need to know of them, once for the whole batch.
     */
    public Uni<IntakeBatch> begin(List<ReviewSubmitted> batch) {
        SortedSet<Long> webshopIds = batch.stream().map(ReviewSubmitted::webshopId).collect(Collectors.toCollection(TreeSet::new));
        Set<String> popupOrders = batch.stream().filter(s -> ReviewSubmitted.ORIGIN_POPUP.equals(s.origin()))
                .map(SubmittedReviews::orderNumber).collect(Collectors.toSet());
        Set<String> orders = batch.stream().map(SubmittedReviews::orderNumber).filter(order -> !order.isEmpty())
                .collect(Collectors.toSet());
        Set<Long> invitations = batch.stream().filter(s -> ReviewSubmitted.ORIGIN_INVITATION.equals(s.origin()))
                .map(ReviewSubmitted::invitationId).filter(Objects::nonNull).collect(Collectors.toSet());
        Set<String> hashes = batch.stream().map(s -> SubmittedReviews.commentHash(s, duplicateMinLength))
                .filter(Objects::nonNull).collect(Collectors.toSet());
        Set<String> clients = batch.stream().map(SubmittedReviews::clientAddress).filter(Objects::nonNull)
                .collect(Collectors.toSet());
        return reviews.lockWebshops(webshopIds).chain(locked -> {
            Set<Long> known = locked.known();
            return confirmations.confirmed(known, popupOrders)
                    .chain(confirmed -> reviews.verifiedOrders(known, orders)
                            .chain(verified -> reviews.byInvitations(known, invitations)
                                    .chain(invited -> reviews.commentHashes(known, hashes)
                                            .chain(commented -> reviews.fromClientsSince(known, clients, quarantine.burstWindowStart(Instant.now()))
                                                    .map(fromClient -> new IntakeBatch(known, locked.deactivated(), confirmed, verified,
                                                            invited, commented, fromClient, outbox.batch()))))));
        });
    }

    /**
     * Why the review cannot be taken, if so: its invitation link was used for a review longer ago than the edit
     * window (one review per invitation).
     */
    public Optional<String> refusal(ReviewSubmitted submitted, IntakeBatch batch, Instant now) {
        Review earlier = earlierThroughLink(submitted, batch);
        if (earlier != null && earlier.createdAt.plus(editWindow).isBefore(now)) {
            return Optional.of("invitation " + submitted.invitationId() + " already has review " + earlier.id
                    + " and its edit window has passed");
        }
        return Optional.empty();
    }

    /** Stores the review and announces reviews.created. The webshop must be one the batch knows. */
    public Uni<Review> accept(ReviewSubmitted submitted, IntakeBatch batch) {
        Review earlier = earlierThroughLink(submitted, batch);
        if (earlier != null) {
            return edit(earlier, submitted);
        }
        Review review = SubmittedReviews.toReview(submitted, duplicateMinLength, Instant.now());
        verify(review, batch);
        List<String> reasons = quarantine.reasons(review, submitted, batch);
        if (!reasons.isEmpty()) {
            review.quarantine = true;
            review.quarantineReason = truncate(String.join("; ", reasons), 500);
        }
        return reviews.persist(review)
                .chain(saved -> storeProducts(saved, submitted.products()))
                .invoke(stored -> {
                    events.created(review, stored, batch.events());
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

    /**
     * The invitation link's own review: its text and ratings change, and so do its product reviews (the edit's
     * products, {@link #editProducts}); it stays one review (reviews.updated). The new texts meet the quarantine's
     * text rules ({@link Suspicion}) as a new review's would: an edit must not slip a link into the feed.
     */
    private Uni<Review> edit(Review review, ReviewSubmitted submitted) {
        Review changed = SubmittedReviews.toReview(submitted, duplicateMinLength, Instant.now());
        review.rating = changed.rating;
        review.shippingtime = changed.shippingtime;
        review.customerservice = changed.customerservice;
        review.pricequality = changed.pricequality;
        review.aftersale = changed.aftersale;
        review.comment = changed.comment;
        review.commentHash = changed.commentHash;
        review.name = changed.name;
        review.modifiedAt = changed.modifiedAt;
        quarantineSuspicious(review, submitted);
        return editProducts(review, submitted.products()).chain(() -> events.updated(review)).replaceWith(review);
    }

    /**
     * The edit's product ratings and texts replace those stored for the same product (its modified time, the
     * review's, moves with the edit, so the feed's next {@code last_synced} picks them up); a product the edit
     * leaves out keeps what it had, a product new to the review is added.
     */
    private Uni<Void> editProducts(Review review, List<ReviewSubmitted.ProductReview> submitted) {
        if (submitted == null || submitted.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return products.ofReviews(List.of(review.id)).chain(stored -> Multi.createFrom().iterable(submitted)
                .onItem().transformToUniAndConcatenate(edited -> {
                    ProductReview changed = SubmittedReviews.toProductReview(review, edited);
                    Optional<ProductReview> same = stored.stream().filter(p -> p.productId.equals(changed.productId)).findFirst();
                    if (same.isEmpty()) {
                        return products.persist(changed).replaceWithVoid();
                    }
                    same.get().rating = changed.rating;
                    same.get().text = changed.text;
                    return Uni.createFrom().voidItem();
                })
                .collect().last().replaceWithVoid());
    }

    private static void quarantineSuspicious(Review review, ReviewSubmitted submitted) {
        List<String> reasons = new ArrayList<>(Suspicion.inText(review.comment));
        if (submitted.products() != null) {
            submitted.products().forEach(product -> Suspicion.inText(product.text()).stream()
                    .filter(reason -> !reasons.contains(reason)).forEach(reasons::add));
        }
        if (!reasons.isEmpty()) {
            review.quarantine = true;
            review.quarantineReason = truncate(String.join("; ", reasons), 500);
        }
    }

    private static Review earlierThroughLink(ReviewSubmitted submitted, IntakeBatch batch) {
        return ReviewSubmitted.ORIGIN_INVITATION.equals(submitted.origin())
                ? batch.invitationReview(submitted.webshopId(), submitted.invitationId()) : null;
    }

    /**
     * Invitation reviews are verified (the shop's invitation named the address; the link is signed). A pop-up review
     * is verified only when the shop confirmed its order for the reviewer's e-mail address and the order has no
     * verified review yet; until then it is held. Form reviews are never verified.
     */
    private static void verify(Review review, IntakeBatch batch) {
        switch (review.origin) {
            case ReviewSubmitted.ORIGIN_INVITATION -> review.verified = true;
            case ReviewSubmitted.ORIGIN_POPUP -> {
                boolean confirmed = batch.orderConfirmed(review.webshopId, review.orderNumber, review.email)
                        && !batch.orderVerified(review.webshopId, review.orderNumber);
                review.verified = confirmed;
                review.held = !confirmed;
            }
            default -> review.verified = false;
        }
    }

    private Uni<List<ProductReview>> storeProducts(Review review, List<ReviewSubmitted.ProductReview> submitted) {
        if (submitted == null || submitted.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return Multi.createFrom().iterable(submitted)
                .onItem().transformToUniAndConcatenate(product -> products.persist(SubmittedReviews.toProductReview(review, product)))
                .collect().asList();
    }

    private static String truncate(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }
}

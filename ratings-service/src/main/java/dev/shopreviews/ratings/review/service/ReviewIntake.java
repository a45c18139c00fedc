package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.ratings.config.RatingsConfig;
import dev.shopreviews.ratings.review.repository.OrderConfirmation;
import dev.shopreviews.ratings.review.repository.ProductReview;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Stores a validated submitted review with its product reviews and flags:
 * invitation reviews are verified; a pop-up review is verified once the shop confirmed its order and held
 * (not public) until then; add-review-form reviews are public but not verified; suspicious reviews are
 * quarantined with the reasons. Call inside a transaction.
 */
@ApplicationScoped
public class ReviewIntake {
    private final ReviewRepository reviews;
    private final OrderConfirmation confirmations;
    private final ReviewEvents events;
    private final RatingsConfig config;

    public ReviewIntake(ReviewRepository reviews, OrderConfirmation confirmations, ReviewEvents events, RatingsConfig config) {
        this.reviews = reviews;
        this.confirmations = confirmations;
        this.events = events;
        this.config = config;
    }

    public Uni<Review> accept(ReviewSubmitted submitted) {
        Review review = toReview(submitted);
        return reviews.lockWebshop(review.webshopId)
                .chain(() -> verification(review))
                .chain(() -> quarantineReasons(review, submitted))
                .chain(reasons -> {
                    if (!reasons.isEmpty()) {
                        review.quarantine = true;
                        review.quarantineReason = truncate(String.join("; ", reasons), 500);
                    }
                    return reviews.persist(review);
                })
                .chain(saved -> products(saved, submitted.products()))
                .chain(() -> events.created(review))
                .replaceWith(review);
    }

    private Uni<Void> verification(Review review) {
        switch (review.origin) {
            case ReviewSubmitted.ORIGIN_INVITATION -> review.verified = true;
            case ReviewSubmitted.ORIGIN_POPUP -> {
                return confirmations.isConfirmed(review.webshopId, review.orderNumber).invoke(confirmed -> {
                    review.verified = confirmed;
                    review.held = !confirmed;
                }).replaceWithVoid();
            }
            default -> review.verified = false;
        }
        return Uni.createFrom().voidItem();
    }

    private Uni<List<String>> quarantineReasons(Review review, ReviewSubmitted submitted) {
        List<String> reasons = new ArrayList<>();
        for (String text : texts(submitted)) {
            Suspicion.inText(text).stream().filter(reason -> !reasons.contains(reason)).forEach(reasons::add);
        }
        Uni<Void> duplicate = review.commentHash == null ? Uni.createFrom().voidItem()
                : reviews.duplicateText(review.webshopId, review.commentHash).invoke(found -> {
                    if (found) {
                        reasons.add("duplicate text from the same webshop");
                    }
                }).replaceWithVoid();
        return duplicate.chain(() -> burst(review, reasons)).replaceWith(reasons);
    }

    private Uni<Void> burst(Review review, List<String> reasons) {
        if (review.clientAddress == null) {
            return Uni.createFrom().voidItem();
        }
        RatingsConfig.Quarantine rules = config.quarantine();
        return reviews.fromClientSince(review.webshopId, review.clientAddress, review.createdAt.minus(rules.burstWindow()))
                .invoke(earlier -> {
                    if (earlier >= rules.burstLimit()) {
                        reasons.add("burst: more than " + rules.burstLimit() + " reviews from one client address within "
                                + rules.burstWindow());
                    }
                }).replaceWithVoid();
    }

    private static List<String> texts(ReviewSubmitted submitted) {
        List<String> texts = new ArrayList<>();
        texts.add(submitted.comment());
        if (submitted.products() != null) {
            submitted.products().forEach(product -> texts.add(product.text()));
        }
        return texts;
    }

    private Uni<Void> products(Review review, List<ReviewSubmitted.ProductReview> submitted) {
        if (submitted == null || submitted.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Multi.createFrom().iterable(submitted)
                .onItem().transformToUniAndConcatenate(product -> toProductReview(review, product).<ProductReview>persist())
                .collect().last().replaceWithVoid();
    }

    private Review toReview(ReviewSubmitted s) {
        Instant now = Instant.now();
        Review review = new Review();
        review.webshopId = s.webshopId();
        review.sourceEventId = s.eventId();
        review.origin = s.origin();
        review.invitationId = s.invitationId();
        review.orderNumber = s.orderNumber() == null ? "" : s.orderNumber().trim();
        review.name = s.name().trim();
        review.email = s.email().trim();
        review.country = s.country().trim().toUpperCase(Locale.ROOT);
        review.language = s.language().trim().toLowerCase(Locale.ROOT);
        review.rating = (short) s.rating();
        review.shippingtime = (short) s.ratings().shippingtime();
        review.customerservice = (short) s.ratings().customerservice();
        review.pricequality = (short) s.ratings().pricequality();
        review.aftersale = (short) s.ratings().aftersale();
        review.comment = s.comment() == null || s.comment().isBlank() ? null : s.comment().trim();
        String normalised = Suspicion.normalise(review.comment);
        review.commentHash = normalised.length() >= config.quarantine().duplicateMinLength() ? Codes.sha256Hex(normalised) : null;
        review.clientAddress = s.clientAddress() == null || s.clientAddress().isBlank() ? null : s.clientAddress().trim();
        review.createdAt = now;
        review.modifiedAt = now;
        return review;
    }

    private static ProductReview toProductReview(Review review, ReviewSubmitted.ProductReview p) {
        ProductReview product = new ProductReview();
        product.reviewId = review.id;
        product.webshopId = review.webshopId;
        product.productId = p.productId().trim();
        product.name = p.name().trim();
        product.url = emptyToNull(p.url());
        product.imageUrl = emptyToNull(p.imageUrl());
        product.sku = emptyToNull(p.sku());
        product.gtin = emptyToNull(p.gtin());
        product.rating = (short) p.rating();
        product.text = emptyToNull(p.text());
        return product;
    }

    private static String emptyToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static String truncate(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }
}

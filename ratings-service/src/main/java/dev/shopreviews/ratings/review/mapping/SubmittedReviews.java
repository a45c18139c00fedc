package dev.shopreviews.ratings.review.mapping;

import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.ratings.review.repository.ProductReview;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.service.Suspicion;

import java.time.Instant;
import java.util.Locale;

/** A validated {@code reviews.submitted} event as the rows it is stored in (flags are set by the intake). */
public final class SubmittedReviews {
    private SubmittedReviews() {
    }

    /** {@code duplicateMinLength}: shorter normalised comments get no hash, so they never count as duplicates. */
    public static Review toReview(ReviewSubmitted s, int duplicateMinLength, Instant now) {
        Review review = new Review();
        review.webshopId = s.webshopId();
        review.sourceEventId = s.eventId();
        review.origin = s.origin();
        review.invitationId = s.invitationId();
        review.orderNumber = orderNumber(s);
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
        review.commentHash = commentHash(s, duplicateMinLength);
        review.clientAddress = clientAddress(s);
        review.createdAt = now;
        review.modifiedAt = now;
        return review;
    }

    public static ProductReview toProductReview(Review review, ReviewSubmitted.ProductReview p) {
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

    /** The order number as stored: trimmed, "" when there is none. */
    public static String orderNumber(ReviewSubmitted s) {
        return s.orderNumber() == null ? "" : s.orderNumber().trim();
    }

    /** The client address as stored: trimmed, null when there is none. */
    public static String clientAddress(ReviewSubmitted s) {
        return emptyToNull(s.clientAddress());
    }

    /** SHA-256 of the normalised comment (the duplicate rule compares these); null below the minimum length. */
    public static String commentHash(ReviewSubmitted s, int duplicateMinLength) {
        return commentHash(s.comment(), duplicateMinLength);
    }

    /** The same for a comment alone (a reviewer's own change of the text). */
    public static String commentHash(String comment, int duplicateMinLength) {
        String normalised = Suspicion.normalise(comment);
        return normalised.length() >= duplicateMinLength ? Codes.sha256Hex(normalised) : null;
    }

    private static String emptyToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}

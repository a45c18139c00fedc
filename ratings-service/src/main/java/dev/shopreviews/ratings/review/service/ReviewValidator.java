package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.rules.EmailAddress;
import dev.shopreviews.common.rules.OrderNumber;
import dev.shopreviews.common.rules.ReviewSubmission;
import dev.shopreviews.common.rules.ReviewText;
import dev.shopreviews.common.rules.ReviewerName;

import java.util.Optional;

/**
 * Checks a {@code reviews.submitted} event before it is stored. Answers the first reason it is refused,
 * which travels with the event to the dead-letter topic. The rules are common's field rules
 * ({@code dev.shopreviews.common.rules}, {@link ReviewSubmission}), the ones embed-service's forms apply before they
 * publish, so what an edge accepts is stored here.
 */
public final class ReviewValidator {
    public static final int MAX_NAME = ReviewerName.MAX;
    public static final int MAX_EMAIL = EmailAddress.MAX;
    public static final int MAX_COMMENT = ReviewText.MAX;
    public static final int MAX_ORDER_NUMBER = OrderNumber.MAX;
    public static final int MAX_PRODUCTS = ReviewSubmission.MAX_PRODUCTS;
    public static final int MAX_PRODUCT_FIELD = ReviewSubmission.MAX_PRODUCT_FIELD;
    public static final int MAX_URL = ReviewSubmission.MAX_URL;
    public static final int MAX_CLIENT_ADDRESS = ReviewSubmission.MAX_CLIENT_ADDRESS;
    public static final int MAX_EVENT_ID = ReviewSubmission.MAX_EVENT_ID;

    private ReviewValidator() {
    }

    public static Optional<String> refuse(ReviewSubmitted review) {
        return ReviewSubmission.refuse(review);
    }

    /**
     * The rules of a reviewer's own change of a stored review (the privacy page: rating, sub-ratings, comment), the
     * same as for a submitted review's fields; answers the first reason it is refused.
     */
    public static Optional<String> refuseChange(int rating, SubRatings ratings, String comment) {
        return ReviewSubmission.refuseChange(rating, ratings, comment);
    }

    public static boolean isEmail(String email) {
        return EmailAddress.valid(email);
    }
}

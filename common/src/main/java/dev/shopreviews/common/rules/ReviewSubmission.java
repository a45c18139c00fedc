package dev.shopreviews.common.rules;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The core's check of a {@code reviews.submitted} event (ratings-service stores what it takes and dead-letters the
 * rest): the field rules of this package over the whole event. Answers the first reason it is refused, which
 * travels with the event to the dead-letter topic. The edges that publish the event apply the same field rules.
 */
public final class ReviewSubmission {
    public static final int MAX_PRODUCTS = 100;
    public static final int MAX_PRODUCT_FIELD = 255;
    public static final int MAX_GTIN = 64;
    public static final int MAX_URL = 2048;
    public static final int MAX_CLIENT_ADDRESS = 64;
    public static final int MAX_EVENT_ID = 64;

    private static final Set<String> ORIGINS = Set.of(ReviewSubmitted.ORIGIN_INVITATION, ReviewSubmitted.ORIGIN_POPUP,
            ReviewSubmitted.ORIGIN_FORM);

    private ReviewSubmission() {
    }

    public static Optional<String> refuse(ReviewSubmitted review) {
        return Optional.ofNullable(firstProblem(review));
    }

    /** The reviewer's own change of a stored review (rating, sub-ratings, comment): the same rules as a submission's. */
    public static Optional<String> refuseChange(int rating, SubRatings ratings, String comment) {
        String problem = ratingsProblem(rating, ratings);
        return Optional.ofNullable(problem != null ? problem : ReviewText.problem("comment", comment));
    }

    private static String firstProblem(ReviewSubmitted r) {
        if (r.eventId() == null || r.eventId().isBlank() || r.eventId().length() > MAX_EVENT_ID) {
            return "event_id is missing or longer than " + MAX_EVENT_ID + " characters";
        }
        if (r.webshopId() <= 0) {
            return "webshop_id is missing";
        }
        if (r.origin() == null || !ORIGINS.contains(r.origin())) {
            return "origin must be one of invitation, popup, form";
        }
        String problem = ratingsProblem(r.rating(), r.ratings());
        if (problem == null) {
            problem = ReviewerName.problem(r.name());
        }
        if (problem == null && !EmailAddress.valid(r.email())) {
            problem = EmailAddress.REFUSED;
        }
        if (problem == null && !Country.valid(r.country())) {
            problem = Country.REFUSED;
        }
        if (problem == null && !Language.valid(r.language())) {
            problem = Language.REFUSED;
        }
        if (problem == null) {
            problem = ReviewText.problem("comment", r.comment());
        }
        if (problem == null) {
            problem = OrderNumber.problem(r.orderNumber());
        }
        if (problem == null && ReviewSubmitted.ORIGIN_POPUP.equals(r.origin()) && OrderNumber.normalise(r.orderNumber()) == null) {
            problem = "order_number is required for a pop-up review";
        }
        if (problem == null && r.clientAddress() != null && r.clientAddress().length() > MAX_CLIENT_ADDRESS) {
            problem = "client_address is longer than " + MAX_CLIENT_ADDRESS + " characters";
        }
        return problem != null ? problem : productsProblem(r.products());
    }

    private static String ratingsProblem(int rating, SubRatings ratings) {
        if (!Rating.inScale(rating)) {
            return Rating.REFUSED;
        }
        if (ratings == null) {
            return "ratings (shippingtime, customerservice, pricequality, aftersale) are required";
        }
        return Rating.inScale(ratings) ? null : Rating.SUB_RATINGS_REFUSED;
    }

    private static String productsProblem(List<ReviewSubmitted.ProductReview> products) {
        if (products == null) {
            return null;
        }
        if (products.size() > MAX_PRODUCTS) {
            return "more than " + MAX_PRODUCTS + " product reviews";
        }
        for (ReviewSubmitted.ProductReview product : products) {
            if (product == null || blank(product.productId()) || blank(product.name())) {
                return "each product review needs product_id and name";
            }
            if (!Rating.inScale(product.rating())) {
                return "product rating must be an integer from 1 to 5";
            }
            if (tooLong(product.productId(), MAX_PRODUCT_FIELD) || tooLong(product.name(), MAX_PRODUCT_FIELD)
                    || tooLong(product.sku(), MAX_PRODUCT_FIELD) || tooLong(product.gtin(), MAX_GTIN)
                    || tooLong(product.url(), MAX_URL) || tooLong(product.imageUrl(), MAX_URL)
                    || Fields.length(product.text()) > ReviewText.MAX) {
                return "a product review field is too long";
            }
            String text = ReviewText.problem("product text", product.text());
            if (text != null) {
                return text;
            }
        }
        return null;
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static boolean tooLong(String value, int max) {
        return value != null && value.length() > max;
    }
}

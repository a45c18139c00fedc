package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a {@code reviews.submitted} event before it is stored. Answers the first reason it is refused,
 * which travels with the event to the dead-letter topic.
 */
public final class ReviewValidator {
    public static final int MAX_NAME = 100;
    public static final int MAX_EMAIL = 254;
    public static final int MAX_COMMENT = 5000;
    public static final int MAX_ORDER_NUMBER = 255;
    public static final int MAX_PRODUCTS = 100;
    public static final int MAX_PRODUCT_FIELD = 255;
    public static final int MAX_URL = 2048;
    public static final int MAX_CLIENT_ADDRESS = 64;
    public static final int MAX_EVENT_ID = 64;

    private static final Set<String> ORIGINS = Set.of(ReviewSubmitted.ORIGIN_INVITATION, ReviewSubmitted.ORIGIN_POPUP,
            ReviewSubmitted.ORIGIN_FORM);
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    private static final Set<String> LANGUAGES = Set.of(Locale.getISOLanguages());
    /** Practical e-mail syntax: local part, @, a domain with at least one dot, no spaces. */
    private static final Pattern EMAIL = Pattern.compile(
            "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$");

    private ReviewValidator() {
    }

    public static Optional<String> refuse(ReviewSubmitted review) {
        return Optional.ofNullable(firstProblem(review));
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
        String ratings = ratingsProblem(r.rating(), r.ratings());
        if (ratings != null) {
            return ratings;
        }
        if (blank(r.name()) || r.name().trim().length() > MAX_NAME) {
            return "name is required and at most " + MAX_NAME + " characters";
        }
        if (!isEmail(r.email())) {
            return "email is not a valid e-mail address";
        }
        if (r.country() == null || !COUNTRIES.contains(r.country().trim().toUpperCase(Locale.ROOT))
                || r.country().trim().length() != 2) {
            return "country must be a two-letter ISO 3166 country code";
        }
        if (r.language() == null || r.language().trim().length() != 2
                || !LANGUAGES.contains(r.language().trim().toLowerCase(Locale.ROOT))) {
            return "language must be an ISO-639-1 code";
        }
        String comment = commentProblem(r.comment());
        if (comment != null) {
            return comment;
        }
        if (r.orderNumber() != null && r.orderNumber().trim().length() > MAX_ORDER_NUMBER) {
            return "order_number is longer than " + MAX_ORDER_NUMBER + " characters";
        }
        if (ReviewSubmitted.ORIGIN_POPUP.equals(r.origin()) && blank(r.orderNumber())) {
            return "order_number is required for a pop-up review";
        }
        if (r.clientAddress() != null && r.clientAddress().length() > MAX_CLIENT_ADDRESS) {
            return "client_address is longer than " + MAX_CLIENT_ADDRESS + " characters";
        }
        return productsProblem(r.products());
    }

    /**
     * The rules of a reviewer's own change of a stored review (the privacy page: rating, sub-ratings, comment), the
     * same as for a submitted review's fields; answers the first reason it is refused.
     */
    public static Optional<String> refuseChange(int rating, SubRatings ratings, String comment) {
        String problem = ratingsProblem(rating, ratings);
        return Optional.ofNullable(problem != null ? problem : commentProblem(comment));
    }

    private static String commentProblem(String comment) {
        return comment != null && comment.length() > MAX_COMMENT ? "comment is longer than " + MAX_COMMENT + " characters"
                : null;
    }

    private static String ratingsProblem(int rating, SubRatings ratings) {
        if (!inScale(rating)) {
            return "rating must be an integer from 1 to 5";
        }
        if (ratings == null) {
            return "ratings (shippingtime, customerservice, pricequality, aftersale) are required";
        }
        if (!inScale(ratings.shippingtime()) || !inScale(ratings.customerservice())
                || !inScale(ratings.pricequality()) || !inScale(ratings.aftersale())) {
            return "ratings.shippingtime, customerservice, pricequality and aftersale must each be from 1 to 5";
        }
        return null;
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
            if (!inScale(product.rating())) {
                return "product rating must be an integer from 1 to 5";
            }
            if (tooLong(product.productId(), MAX_PRODUCT_FIELD) || tooLong(product.name(), MAX_PRODUCT_FIELD)
                    || tooLong(product.sku(), MAX_PRODUCT_FIELD) || tooLong(product.gtin(), 64)
                    || tooLong(product.url(), MAX_URL) || tooLong(product.imageUrl(), MAX_URL)
                    || tooLong(product.text(), MAX_COMMENT)) {
                return "a product review field is too long";
            }
        }
        return null;
    }

    public static boolean isEmail(String email) {
        return email != null && email.length() <= MAX_EMAIL && EMAIL.matcher(email.trim()).matches();
    }

    private static boolean inScale(int value) {
        return value >= 1 && value <= 5;
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static boolean tooLong(String value, int max) {
        return value != null && value.length() > max;
    }
}

package dev.shopreviews.ratings.imports.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.rules.Country;
import dev.shopreviews.common.rules.EmailAddress;
import dev.shopreviews.common.rules.Language;
import dev.shopreviews.common.rules.Rating;
import dev.shopreviews.common.rules.ReviewText;
import dev.shopreviews.common.rules.ReviewerName;
import dev.shopreviews.ratings.review.service.ReviewValidator;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The body of a review import: {@code {"source": "…", "reviews": [{…}, …]}}, at most {@link #MAX_ROWS} reviews. Every
 * row is checked before anything is stored; any bad row refuses the whole import (400) with the first
 * {@link #MAX_REPORTED} rows' problems, each as "row N: why". Read from the tree (common {@code JsonBodies}), not
 * bound as a {@code @Valid} record: the answer names every bad row, not the first violation, and a CSV file is
 * checked by the same rules from the tree {@code CsvImport} builds.
 */
public record ImportRequest(String source, List<ImportRow> rows) {
    public static final int MAX_ROWS = 500;
    public static final int MAX_REPORTED = 10;
    public static final int MAX_SOURCE_ID = 255;
    public static final Instant EARLIEST = Instant.parse("2000-01-01T00:00:00Z");
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object with source and reviews.";
    static final String SOURCE = "Invalid value for source: expected the name of the provider the reviews come from "
            + "(1-64 letters, digits, spaces, dots, dashes or underscores).";
    static final String REVIEWS = "Invalid value for reviews: expected a non-empty array of reviews.";
    static final String TOO_MANY = "Too many reviews: at most " + MAX_ROWS + " per import.";
    static final String REFUSED = "Invalid reviews, nothing was imported: ";
    private static final Pattern SOURCE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}");

    public static ImportRequest parse(String body, ObjectMapper mapper, Instant now) {
        return of(JsonBodies.object(mapper, body, NOT_AN_OBJECT, NOT_AN_OBJECT), now);
    }

    /** The rules over the body's tree (a JSON body's, or the one {@link CsvImport} builds from a CSV file). */
    public static ImportRequest of(JsonNode json, Instant now) {
        String text = TextInput.jsonProblem(json);
        if (text != null) {
            throw EnvelopeException.invalid(text);
        }
        JsonNode source = json.get("source");
        if (source == null || !source.isTextual() || !SOURCE_NAME.matcher(source.asText().trim()).matches()) {
            throw EnvelopeException.invalid(SOURCE);
        }
        JsonNode reviews = json.get("reviews");
        if (reviews == null || !reviews.isArray() || reviews.isEmpty()) {
            throw EnvelopeException.invalid(REVIEWS);
        }
        if (reviews.size() > MAX_ROWS) {
            throw EnvelopeException.invalid(TOO_MANY);
        }
        List<ImportRow> rows = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < reviews.size(); i++) {
            try {
                ImportRow row = row(i + 1, reviews.get(i), now);
                if (!ids.add(row.sourceReviewId())) {
                    throw new RowProblem("source_review_id " + row.sourceReviewId() + " appears twice in this import");
                }
                rows.add(row);
            } catch (RowProblem problem) {
                problems.add("row " + (i + 1) + ": " + problem.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            String shown = String.join("; ", problems.subList(0, Math.min(MAX_REPORTED, problems.size())));
            throw EnvelopeException.invalid(REFUSED + shown + (problems.size() > MAX_REPORTED
                    ? "; and " + (problems.size() - MAX_REPORTED) + " more rows" : "") + ".");
        }
        return new ImportRequest(source.asText().trim(), List.copyOf(rows));
    }

    private static ImportRow row(int number, JsonNode review, Instant now) {
        if (review == null || !review.isObject()) {
            throw new RowProblem("expected an object");
        }
        String sourceId = line(review, "source_review_id", MAX_SOURCE_ID, true);
        Instant created = created(review.get("created"), now);
        String name = line(review, "name", ReviewerName.MAX, true);
        String email = line(review, "email", EmailAddress.MAX, false);
        if (!email.isEmpty() && !EmailAddress.valid(email)) {
            throw new RowProblem("email is not a valid e-mail address");
        }
        String country = line(review, "country", 2, false).toUpperCase(Locale.ROOT);
        if (!country.isEmpty() && !Country.valid(country)) {
            throw new RowProblem(Country.REFUSED);
        }
        String language = line(review, "language", 2, true).toLowerCase(Locale.ROOT);
        if (!Language.valid(language)) {
            throw new RowProblem(Language.REFUSED);
        }
        int rating = scale(review.get("rating"), "rating");
        SubRatings ratings = subRatings(review.get("ratings"), rating);
        String comment = text(review.get("comment"), "comment");
        JsonNode verified = review.get("verified_purchase");
        if (verified != null && !verified.isNull() && !verified.isBoolean()) {
            throw new RowProblem("verified_purchase must be true or false");
        }
        List<ReviewSubmitted.ProductReview> products = products(review.get("products"));
        return new ImportRow(number, sourceId, created, name, email, country, language, rating, ratings, comment,
                verified != null && verified.asBoolean(), products);
    }

    /** "YYYY-MM-DD" (midnight UTC) or an ISO-8601 date-time with offset; from 2000 on and not in the future. */
    private static Instant created(JsonNode value, Instant now) {
        if (value == null || !value.isTextual()) {
            throw new RowProblem("created is required: YYYY-MM-DD or an ISO-8601 date-time with offset");
        }
        Instant created;
        try {
            String text = value.asText().trim();
            created = text.length() == 10 ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant()
                    : OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new RowProblem("created is not YYYY-MM-DD or an ISO-8601 date-time with offset");
        }
        if (created.isAfter(now)) {
            throw new RowProblem("created is in the future");
        }
        if (created.isBefore(EARLIEST)) {
            throw new RowProblem("created is before 2000-01-01");
        }
        return created;
    }

    /** The four sub-ratings, all or none; none: each the overall rating (the spec's item always has them). */
    private static SubRatings subRatings(JsonNode ratings, int rating) {
        if (ratings == null || ratings.isNull()) {
            return new SubRatings(rating, rating, rating, rating);
        }
        if (!ratings.isObject()) {
            throw new RowProblem("ratings must be an object with shippingtime, customerservice, pricequality and aftersale");
        }
        return new SubRatings(scale(ratings.get("shippingtime"), "ratings.shippingtime"),
                scale(ratings.get("customerservice"), "ratings.customerservice"),
                scale(ratings.get("pricequality"), "ratings.pricequality"),
                scale(ratings.get("aftersale"), "ratings.aftersale"));
    }

    private static List<ReviewSubmitted.ProductReview> products(JsonNode products) {
        if (products == null || products.isNull()) {
            return List.of();
        }
        if (!products.isArray() || products.size() > ReviewValidator.MAX_PRODUCTS) {
            throw new RowProblem("products must be an array of at most " + ReviewValidator.MAX_PRODUCTS + " product reviews");
        }
        List<ReviewSubmitted.ProductReview> list = new ArrayList<>();
        for (JsonNode product : products) {
            if (!product.isObject()) {
                throw new RowProblem("each product review must be an object");
            }
            list.add(new ReviewSubmitted.ProductReview(
                    line(product, "product_id", ReviewValidator.MAX_PRODUCT_FIELD, true),
                    line(product, "name", ReviewValidator.MAX_PRODUCT_FIELD, true),
                    emptyToNull(line(product, "url", ReviewValidator.MAX_URL, false)),
                    emptyToNull(line(product, "image_url", ReviewValidator.MAX_URL, false)),
                    emptyToNull(line(product, "sku", ReviewValidator.MAX_PRODUCT_FIELD, false)),
                    emptyToNull(line(product, "gtin", 64, false)),
                    scale(product.get("rating"), "product rating"),
                    text(product.get("text"), "product text")));
        }
        return List.copyOf(list);
    }

    /** A single-line string field, trimmed; "" when absent and not required. */
    private static String line(JsonNode object, String field, int max, boolean required) {
        JsonNode value = object.get(field);
        if (value == null || value.isNull() || (value.isTextual() && value.asText().isBlank())) {
            if (required) {
                throw new RowProblem(field + " is required");
            }
            return "";
        }
        if (!value.isTextual()) {
            throw new RowProblem(field + " must be a string");
        }
        String text = value.asText().trim();
        if (!TextInput.acceptable(value.asText(), TextInput.Kind.LINE)) {
            throw new RowProblem(field + " " + TextInput.problem(value.asText(), TextInput.Kind.LINE));
        }
        if (text.length() > max) {
            throw new RowProblem(field + " is longer than " + max + " characters");
        }
        return text;
    }

    /** A review's free text (common's {@link ReviewText} rule), trimmed; null when absent or blank. */
    private static String text(JsonNode value, String field) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new RowProblem(field + " must be a string");
        }
        String problem = ReviewText.problem(field, value.asText());
        if (problem != null) {
            throw new RowProblem(problem);
        }
        return ReviewText.normalise(value.asText());
    }

    private static int scale(JsonNode value, String field) {
        Integer rating = Rating.of(value);  // 4294967301 is refused, no longer wrapped to 5
        if (rating == null) {
            throw new RowProblem(field + " must be an integer from 1 to 5");
        }
        return rating;
    }

    private static String emptyToNull(String value) {
        return value.isEmpty() ? null : value;
    }

    /** Why one row is refused; collected, never thrown out of {@link #parse}. */
    private static final class RowProblem extends RuntimeException {
        RowProblem(String message) {
            super(message, null, false, false);
        }
    }
}

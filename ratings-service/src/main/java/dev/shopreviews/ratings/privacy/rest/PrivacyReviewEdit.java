package dev.shopreviews.ratings.privacy.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.ratings.review.service.ReviewChange;

/**
 * The body of {@code PUT /privacy/api/reviews/{id}}: rating and the four sub-ratings (JSON integers; "4" or 4.5 are
 * refused, never coerced), comment (a string, or null/absent for none). The ranges and the comment's length are the
 * review form's rules ({@code ReviewValidator.refuseChange}), checked by the change itself.
 */
public record PrivacyReviewEdit(int rating, int shippingtime, int customerservice, int pricequality, int aftersale,
                                String comment) {
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object with rating, shippingtime, "
            + "customerservice, pricequality, aftersale and comment.";

    static ReviewChange parse(String body, ObjectMapper mapper) {
        JsonNode json = JsonBodies.object(mapper, body, NOT_AN_OBJECT, NOT_AN_OBJECT);
        int rating = score(json, "rating");
        SubRatings ratings = new SubRatings(score(json, "shippingtime"), score(json, "customerservice"),
                score(json, "pricequality"), score(json, "aftersale"));
        JsonNode comment = json.get("comment");
        if (comment != null && !comment.isNull() && !comment.isTextual()) {
            throw EnvelopeException.invalid("Invalid value for comment: expected a string or null.");
        }
        return new ReviewChange(rating, ratings, comment == null || comment.isNull() ? null : comment.asText());
    }

    private static int score(JsonNode json, String field) {
        JsonNode value = json.get(field);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt()) {
            throw EnvelopeException.invalid("Invalid value for " + field + ": expected an integer from 1 to 5.");
        }
        return value.asInt();
    }
}

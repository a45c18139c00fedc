package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ReviewValidatorTest {

    static ReviewSubmitted valid() {
        return new ReviewSubmitted("e-1", ReviewSubmitted.TYPE, Instant.now(), 12, "invitation", 3L, "A-1", "Jan",
                "jan@example.com", "NL", "nl", 4, new SubRatings(1, 2, 3, 5), "Goed", List.of(
                new ReviewSubmitted.ProductReview("p", "Pot", null, null, null, null, 5, "Fijn")), "10.0.0.1");
    }

    static ReviewSubmitted with(String field, Object value) {
        ReviewSubmitted r = valid();
        return new ReviewSubmitted(
                field.equals("eventId") ? (String) value : r.eventId(), r.type(), r.occurredAt(), r.webshopId(),
                field.equals("origin") ? (String) value : r.origin(), r.invitationId(),
                field.equals("orderNumber") ? (String) value : r.orderNumber(),
                field.equals("name") ? (String) value : r.name(),
                field.equals("email") ? (String) value : r.email(),
                field.equals("country") ? (String) value : r.country(),
                field.equals("language") ? (String) value : r.language(),
                field.equals("rating") ? (Integer) value : r.rating(),
                field.equals("ratings") ? (SubRatings) value : r.ratings(),
                field.equals("comment") ? (String) value : r.comment(),
                field.equals("products") ? (List<ReviewSubmitted.ProductReview>) value : r.products(), r.clientAddress());
    }

    @Test
    void validReviewPasses() {
        assertEquals(Optional.empty(), ReviewValidator.refuse(valid()));
    }

    @Test
    void eachRuleHasItsReason() {
        assertEquals("rating must be an integer from 1 to 5", reason(with("rating", 0)));
        assertEquals("ratings.shippingtime, customerservice, pricequality and aftersale must each be from 1 to 5",
                reason(with("ratings", new SubRatings(1, 6, 3, 3))));
        assertEquals("ratings (shippingtime, customerservice, pricequality, aftersale) are required", reason(with("ratings", null)));
        assertEquals("origin must be one of invitation, popup, form", reason(with("origin", "email")));
        assertEquals("name is required and at most 100 characters", reason(with("name", " ")));
        assertEquals("name is required and at most 100 characters", reason(with("name", "x".repeat(101))));
        assertEquals("email is not a valid e-mail address", reason(with("email", "jan@localhost")));
        assertEquals("country must be a two-letter ISO 3166 country code", reason(with("country", "XX")));
        assertEquals("country must be a two-letter ISO 3166 country code", reason(with("country", "NLD")));
        assertEquals("language must be an ISO-639-1 code", reason(with("language", "nld")));
        assertEquals("language must be an ISO-639-1 code", reason(with("language", "qq")));
        assertEquals("comment is longer than 5000 characters", reason(with("comment", "x".repeat(5001))));
        assertEquals("order_number is required for a pop-up review",
                reason(new ReviewSubmitted("e", "t", Instant.now(), 1, "popup", null, " ", "Jan", "jan@example.com", "NL", "nl",
                        4, new SubRatings(4, 4, 4, 4), null, null, null)));
        assertEquals("event_id is missing or longer than 64 characters", reason(with("eventId", "x".repeat(65))));
        assertEquals("each product review needs product_id and name", reason(with("products",
                List.of(new ReviewSubmitted.ProductReview("p", " ", null, null, null, null, 5, "t")))));
        assertEquals("product rating must be an integer from 1 to 5", reason(with("products",
                List.of(new ReviewSubmitted.ProductReview("p", "n", null, null, null, null, 9, "t")))));
    }

    /** The field rules the edges apply (common rules): one line for names and order numbers, lengths after trimming. */
    @Test
    void theCoreAppliesTheSameFieldRulesAsTheEdges() {
        assertEquals("name must be a single line", reason(with("name", "Jan\nBcc: victim@example.com")));
        assertEquals("name contains a control character", reason(with("name", "Jan\u0085")));
        assertEquals("order_number must be a single line", reason(with("orderNumber", "A-1\r\nX")));
        assertEquals("comment contains a control character", reason(with("comment", "Fine\u0085")));
        assertEquals("accepted", reason(with("comment", " " + "x".repeat(5000) + "\n")));
        assertEquals("accepted", reason(with("name", " " + "n".repeat(100) + " ")));
        assertEquals("accepted", reason(with("email", " jan@example.com ")));
        assertEquals("product text contains an invalid character", reason(with("products",
                List.of(new ReviewSubmitted.ProductReview("p", "n", null, null, null, null, 5, "boils \ufffe fast")))));
        assertEquals("a product review field is too long", reason(with("products",
                List.of(new ReviewSubmitted.ProductReview("p", "n", null, null, null, null, 5, "t".repeat(5001))))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a@b.nl", "first.last+tag@sub.example.com", "o'brien@example.ie"})
    void ordinaryEmailAddressesAreAccepted(String email) {
        assertEquals(Optional.empty(), ReviewValidator.refuse(with("email", email)));
    }

    private static String reason(ReviewSubmitted review) {
        return ReviewValidator.refuse(review).orElse("accepted");
    }
}

package dev.shopreviews.embed.browser.service;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.events.ConsentRecorded;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.rules.EmailAddress;
import dev.shopreviews.common.rules.OrderNumber;
import dev.shopreviews.common.rules.Rating;
import dev.shopreviews.common.rules.ReviewText;
import dev.shopreviews.common.rules.ReviewerName;

import java.util.Locale;

/**
 * Readable checks of browser-sent JSON: each failure is an {@link Invalid} with a message for the 400 body. The
 * review's fields follow common's field rules ({@code dev.shopreviews.common.rules}), the ones ratings-service applies
 * before it stores the review, and are sent as those rules normalise them.
 */
public final class BrowserInput {
    private static final String[] SUBS = {"shippingtime", "customerservice", "pricequality", "aftersale"};

    private BrowserInput() {
    }

    public static final class Invalid extends RuntimeException {
        public Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /** A written review: rating, four sub-ratings, comment, name and e-mail (the review object of both pop-ups' bodies). */
    @Schema(description = "A review of the webshop as the pop-ups send it")
    public record WrittenReview(
            @Schema(description = "Overall rating, 1 to 5", minimum = "1", maximum = "5") int rating,
            @Schema(description = "The four sub-ratings, each 1 to 5") SubRatings ratings,
            @Schema(description = "The review's text, at most 5000 characters", nullable = true) String comment,
            @Schema(description = "The reviewer's name as shown, at most 100 characters") String name,
            @Schema(description = "The reviewer's e-mail address (never shown); in the consent pop-up the order's address when left out") String email) {
    }

    /** The add-review pop-up's body: the review and, optionally, its language. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @Schema(description = "The add-review pop-up's body: a review of the webshop and its language")
    public record ReviewPost(
            @Schema(description = "Overall rating, 1 to 5", minimum = "1", maximum = "5") int rating,
            @Schema(description = "The four sub-ratings, each 1 to 5") SubRatings ratings,
            @Schema(description = "The review's text, at most 5000 characters", nullable = true) String comment,
            @Schema(description = "The reviewer's name as shown, at most 100 characters") String name,
            @Schema(description = "The reviewer's e-mail address (never shown)") String email,
            @Schema(description = "nl, en, de, fr, es or it; the webshop's main language when left out", nullable = true) String language) {

        public WrittenReview review() {
            return new WrittenReview(rating, ratings, comment, name, email);
        }
    }

    /** The consent pop-up's body: the customer's choice for an order, with the review written in it. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @Schema(description = "The consent pop-up's body: the customer's choice for the order on the shop's thank-you page")
    public record ConsentPost(
            @Schema(description = "The shop's order number, at most 255 characters") String orderNumber,
            @Schema(description = "review_written or ask_later", enumeration = {"review_written", "ask_later"}) String choice,
            @Schema(description = "Days until the invitation for ask_later, 0 to 365 (default 5)", minimum = "0", maximum = "365") int inviteDelay,
            @Schema(description = "The order's e-mail address", nullable = true) String email,
            @Schema(description = "The customer's first name, at most 100 characters", nullable = true) String firstName,
            @Schema(description = "nl, en, de, fr, es or it; the webshop's main language when left out", nullable = true) String language,
            @Schema(description = "The review written in the pop-up: required for review_written, ignored otherwise", nullable = true) WrittenReview review,
            @Schema(description = "The order data's signature as the shop's page has it (hex HMAC-SHA512; an extension, docs/api-notes.md "
                    + "\"Signed order data\")", nullable = true) String signature,
            @Schema(description = "With signature: the page's order-data object without the signature, its fields in the page's order, "
                    + "values as the page has them", nullable = true, implementation = Object.class) JsonNode orderData) {
    }

    private static final Set<String> CHOICES = Set.of(ConsentRecorded.CHOICE_REVIEW_WRITTEN, ConsentRecorded.CHOICE_ASK_LATER);

    /** The add-review pop-up's JSON as a checked {@link ReviewPost}. */
    public static ReviewPost reviewPost(JsonNode json) {
        WrittenReview review = review(json, null);
        return new ReviewPost(review.rating(), review.ratings(), review.comment(), review.name(), review.email(),
                language(json.get("language")));
    }

    /** The consent pop-up's JSON as a checked {@link ConsentPost} (the review's e-mail defaults to the order's). */
    public static ConsentPost consentPost(JsonNode json) {
        String order = OrderNumber.normalise(checked(json.get("order_number"), "order_number", OrderNumber.MAX,
                OrderNumber.invalid("order_number", textOf(json.get("order_number")))));
        if (order == null) {
            throw new Invalid(OrderNumber.REQUIRED);
        }
        JsonNode choiceNode = json.get("choice");
        String choice = choiceNode != null && choiceNode.isTextual() ? choiceNode.asText() : "";
        if (!CHOICES.contains(choice)) {
            throw new Invalid("Invalid value for choice: expected review_written or ask_later.");
        }
        JsonNode delayNode = json.get("invite_delay");
        int delay = 5;
        if (delayNode != null && !delayNode.isNull()) {
            if (!delayNode.isIntegralNumber() || !delayNode.canConvertToInt() || delayNode.asInt() < 0 || delayNode.asInt() > 365) {
                throw new Invalid("Invalid value for invite_delay: expected a number of days from 0 to 365.");
            }
            delay = delayNode.asInt();
        }
        String email = optionalEmail(json.get("email"), "email");
        String firstName = optionalText(json.get("first_name"), "first_name", 100);
        String language = language(json.get("language"));
        WrittenReview review = ConsentRecorded.CHOICE_REVIEW_WRITTEN.equals(choice) ? review(json.get("review"), email) : null;
        JsonNode signatureNode = json.get("signature");
        String signature = null;
        JsonNode orderData = null;
        if (signatureNode != null && !signatureNode.isNull()) {
            if (!signatureNode.isTextual() || signatureNode.asText().length() > 1024) {
                throw new Invalid("Invalid value for signature: expected the order data's signature as text.");
            }
            signature = signatureNode.asText();
            orderData = json.get("order_data");
            if (orderData == null || !orderData.isObject()) {
                throw new Invalid("Invalid value for order_data: expected the signed order data as an object.");
            }
        }
        return new ConsentPost(order, choice, delay, email, firstName, language, review, signature, orderData);
    }

    public static WrittenReview review(JsonNode node, String fallbackEmail) {
        if (node == null || !node.isObject()) {
            throw new Invalid("Invalid value for review: expected an object with rating, ratings, comment, name and email.");
        }
        int rating = scale(node.get("rating"), "rating");
        JsonNode ratings = node.get("ratings");
        if (ratings == null || !ratings.isObject()) {
            throw new Invalid("Invalid value for ratings: expected an object with shippingtime, customerservice, pricequality and aftersale.");
        }
        int[] sub = new int[4];
        for (int i = 0; i < SUBS.length; i++) {
            sub[i] = scale(ratings.get(SUBS[i]), "ratings." + SUBS[i]);
        }
        String comment = ReviewText.normalise(checked(node.get("comment"), "comment", ReviewText.MAX,
                ReviewText.invalid("comment", textOf(node.get("comment")))));
        String name = ReviewerName.normalise(checked(node.get("name"), "name", ReviewerName.MAX,
                ReviewerName.invalid(textOf(node.get("name")))));
        if (name == null) {
            throw new Invalid(ReviewerName.REQUIRED);
        }
        String email = optionalEmail(node.get("email"), "email");
        email = email == null ? fallbackEmail : email;
        if (!EmailAddress.valid(email)) {
            throw new Invalid(EmailAddress.invalid("email", email));
        }
        return new WrittenReview(rating, new SubRatings(sub[0], sub[1], sub[2], sub[3]), comment, name, email);
    }

    public static int scale(JsonNode value, String field) {
        // canConvertToInt: 4294967301 is refused, never wrapped to 5 by asInt
        Integer rating = Rating.of(value);
        if (rating == null) {
            throw new Invalid(Rating.invalid(field));
        }
        return rating;
    }

    /** Trimmed text, null when absent or blank; refused when not a string or too long. */
    public static String optionalText(JsonNode value, String field, int max) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() || value.asText().trim().length() > max) {
            throw new Invalid("Invalid value for " + field + ": expected text of at most " + max + " characters.");
        }
        if (!"comment".equals(field)) {
            String why = TextInput.problem(value.asText(), TextInput.Kind.LINE);  // names and e-mails reach mail headers
            if (why != null) {
                throw new Invalid(TextInput.invalid(field, why));
            }
        }
        String text = value.asText().trim();
        return text.isEmpty() ? null : text;
    }

    /** An optional e-mail address (common's {@link EmailAddress} rule), normalised; null when absent or blank. */
    public static String optionalEmail(JsonNode value, String field) {
        String raw = checked(value, field, EmailAddress.MAX, null);
        if (raw == null) {
            return null;
        }
        if (EmailAddress.normalise(raw) == null) {
            String why = TextInput.problem(raw, TextInput.Kind.LINE);  // a tab is no address and not one line either
            if (why != null) {
                throw new Invalid(TextInput.invalid(field, why));
            }
            return null;
        }
        String invalid = EmailAddress.invalid(field, raw);
        if (invalid != null) {
            throw new Invalid(invalid);
        }
        return EmailAddress.normalise(raw);
    }

    /**
     * The text of a field a rule checks: null when absent; refused as "expected text of at most {@code max}
     * characters" when not a string (as the pop-up has always answered), else with the rule's own answer
     * {@code invalid} when there is one.
     */
    private static String checked(JsonNode value, String field, int max, String invalid) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new Invalid("Invalid value for " + field + ": expected text of at most " + max + " characters.");
        }
        if (invalid != null) {
            throw new Invalid(invalid);
        }
        return value.asText();
    }

    private static String textOf(JsonNode value) {
        return value != null && value.isTextual() ? value.asText() : null;
    }

    /** A supported ISO-639-1 code, or null when absent; refused when something else is given. */
    public static String language(JsonNode value) {
        String text = optionalText(value, "language", 8);
        if (text == null) {
            return null;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        if (!dev.shopreviews.embed.i18n.Languages.supported(lower)) {
            throw new Invalid("Invalid value for language: expected one of nl, en, de, fr, es, it.");
        }
        return lower;
    }
}

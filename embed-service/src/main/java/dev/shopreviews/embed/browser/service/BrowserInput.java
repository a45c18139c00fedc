package dev.shopreviews.embed.browser.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.input.TextInput;

import java.util.Locale;
import java.util.regex.Pattern;

/** Readable checks of browser-sent JSON: each failure is an {@link Invalid} with a message for the 400 body. */
public final class BrowserInput {
    public static final Pattern EMAIL = Pattern.compile(
            "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$");
    private static final String[] SUBS = {"shippingtime", "customerservice", "pricequality", "aftersale"};

    private BrowserInput() {
    }

    public static final class Invalid extends RuntimeException {
        public Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /** A written review: rating, four sub-ratings, comment, name and e-mail. */
    public record WrittenReview(int rating, SubRatings ratings, String comment, String name, String email) {
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
        String comment = optionalText(node.get("comment"), "comment", 5000);
        String name = optionalText(node.get("name"), "name", 100);
        if (name == null) {
            throw new Invalid("Invalid value for name: required, at most 100 characters.");
        }
        String email = optionalText(node.get("email"), "email", 254);
        email = email == null ? fallbackEmail : email;
        if (email == null || !EMAIL.matcher(email).matches()) {
            throw new Invalid("Invalid value for email: expected a valid e-mail address.");
        }
        return new WrittenReview(rating, new SubRatings(sub[0], sub[1], sub[2], sub[3]), comment, name, email);
    }

    public static int scale(JsonNode value, String field) {
        // canConvertToInt: 4294967301 is refused, never wrapped to 5 by asInt
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt() || value.asInt() < 1 || value.asInt() > 5) {
            throw new Invalid("Invalid value for " + field + ": expected an integer from 1 to 5.");
        }
        return value.asInt();
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

    public static String optionalEmail(JsonNode value, String field) {
        String email = optionalText(value, field, 254);
        if (email != null && !EMAIL.matcher(email).matches()) {
            throw new Invalid("Invalid value for " + field + ": expected a valid e-mail address.");
        }
        return email;
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

package dev.shopreviews.ratings.report.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.ratings.report.service.ReportReason;
import dev.shopreviews.ratings.report.service.VisitorReport;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The body of a visitor's report, as JSON or as the pages' form (application/x-www-form-urlencoded): webshop_id,
 * review_id and reason required; text optional (at most {@value #MAX_TEXT} characters, line breaks allowed); lang
 * optional (the page's language, for the form's redirect). Checked in that order; anything else is a 400.
 * Read from the tree (common {@code JsonBodies}), not bound as a {@code @Valid} record: the same fields come as the
 * pages' form too, where every value is text, so JSON ids are taken as strings or numbers alike; and the same-site
 * and rate checks must answer before the body is looked at (a binding would refuse a bad body first).
 */
@Schema(name = "VisitorReportRequest", description = "A visitor's report of a review")
public record VisitorReportRequest(
        @JsonProperty("webshop_id") @Schema(description = "the review's webshop", required = true) long webshopId,
        @JsonProperty("review_id") @Schema(description = "the review", required = true) long reviewId,
        @Schema(description = "spam, offensive, illegal, personal_data, off_topic or other", required = true) String reason,
        @Schema(description = "optional, at most 1000 characters") String text,
        @Schema(description = "optional: the page's language (form posts are redirected to the page in it)") String lang) {
    public static final int MAX_TEXT = 1000;
    static final String FORM = "application/x-www-form-urlencoded";
    static final String JSON = "application/json";
    static final String UNSUPPORTED = "Unsupported content type: expected application/json or application/x-www-form-urlencoded.";
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object with webshop_id, review_id and reason.";
    static final String BAD_REASON = TextInput.invalid("reason", "expected one of " + ReportReason.LIST);
    static final String BAD_TEXT = TextInput.invalid("text", "expected at most " + MAX_TEXT + " characters");

    /** Whether the body came from the pages' form (answered with a redirect) rather than as JSON. */
    static boolean isForm(String contentType) {
        return mediaType(contentType).equals(FORM);
    }

    static VisitorReport parse(String contentType, String body, ObjectMapper mapper) {
        String type = mediaType(contentType);
        Function<String, String> fields;
        if (type.equals(JSON)) {
            ObjectNode json = JsonBodies.object(mapper, body, NOT_AN_OBJECT, NOT_AN_OBJECT);
            fields = name -> scalar(json.get(name), name);
        } else if (type.equals(FORM)) {
            Map<String, String> form = formFields(body);
            fields = form::get;
        } else {
            throw new EnvelopeException(415, UNSUPPORTED);
        }
        String webshop = fields.apply("webshop_id");
        String review = fields.apply("review_id");
        String reason = fields.apply("reason");
        if (blank(webshop) || blank(review) || blank(reason)) {
            throw EnvelopeException.missingVariables();
        }
        Long webshopId = TextInput.id(webshop);
        if (webshopId == null) {
            throw EnvelopeException.invalid(TextInput.invalid("webshop_id", "expected a positive integer"));
        }
        Long reviewId = TextInput.id(review);
        if (reviewId == null) {
            throw EnvelopeException.invalid(TextInput.invalid("review_id", "expected a positive integer"));
        }
        ReportReason parsed = ReportReason.parse(reason.trim()).orElseThrow(() -> EnvelopeException.invalid(BAD_REASON));
        return new VisitorReport(webshopId, reviewId, parsed, text(fields.apply("text")), lang(fields.apply("lang")));
    }

    private static String text(String value) {
        if (value == null) {
            return "";
        }
        String problem = TextInput.problem(value, TextInput.Kind.TEXT);
        if (problem != null) {
            throw EnvelopeException.invalid(TextInput.invalid("text", problem));
        }
        String trimmed = value.trim();
        if (trimmed.codePointCount(0, trimmed.length()) > MAX_TEXT) {
            throw EnvelopeException.invalid(BAD_TEXT);
        }
        return trimmed;
    }

    private static String lang(String value) {
        return value != null && value.matches("[a-z]{2}") ? value : "en";
    }

    /** A JSON field as text: strings and integers; anything else is a 400 naming the field. */
    private static String scalar(JsonNode node, String name) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isTextual() || node.isIntegralNumber()) {
            return node.asText();
        }
        throw EnvelopeException.invalid(TextInput.invalid(name, "expected a string"));
    }

    /** The form's fields; a field given twice or a body that does not decode is a 400. */
    private static Map<String, String> formFields(String body) {
        Map<String, String> fields = new HashMap<>();
        if (body == null || body.isEmpty()) {
            return fields;
        }
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name;
            String value;
            try {
                name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw EnvelopeException.invalid("Invalid request body: not a valid form.");
            }
            if (fields.put(name, value) != null) {
                throw EnvelopeException.invalid(TextInput.invalid(name, "given more than once"));
            }
        }
        return fields;
    }

    private static String mediaType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}

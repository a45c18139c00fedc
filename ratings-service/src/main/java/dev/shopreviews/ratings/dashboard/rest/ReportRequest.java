package dev.shopreviews.ratings.dashboard.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.input.TextInput;

/**
 * The body of a report: {@code reason}, free text (line breaks allowed, {@link TextInput}'s rule), 3 to 1000
 * characters after trimming. Anything else is a 400.
 */
public record ReportRequest(String reason) {
    public static final int MIN = 3;
    public static final int MAX = 1000;
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object with reason.";
    static final String BAD_REASON = TextInput.invalid("reason", "expected " + MIN + " to " + MAX + " characters");

    static ReportRequest parse(String body, ObjectMapper mapper) {
        JsonNode reason = JsonBodies.object(mapper, body, NOT_AN_OBJECT, NOT_AN_OBJECT).get("reason");
        if (reason == null || !reason.isTextual()) {
            throw EnvelopeException.invalid(BAD_REASON);
        }
        String problem = TextInput.problem(reason.textValue(), TextInput.Kind.TEXT);
        if (problem != null) {
            throw EnvelopeException.invalid(TextInput.invalid("reason", problem));
        }
        String trimmed = reason.textValue().trim();
        int length = trimmed.codePointCount(0, trimmed.length());
        if (length < MIN || length > MAX) {
            throw EnvelopeException.invalid(BAD_REASON);
        }
        return new ReportRequest(trimmed);
    }
}

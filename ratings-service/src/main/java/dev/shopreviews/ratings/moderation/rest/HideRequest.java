package dev.shopreviews.ratings.moderation.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.input.TextInput;

/**
 * The body of hide: {@code reason}, one line (it is shown publicly after "Hidden by the moderators: "), 3 to 300
 * characters after trimming. Anything else is a 400.
 */
public record HideRequest(String reason) {
    public static final int MIN = 3;
    public static final int MAX = 300;
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object with reason.";
    static final String BAD_REASON = TextInput.invalid("reason", "expected one line of " + MIN + " to " + MAX + " characters");

    static HideRequest parse(String body, ObjectMapper mapper) {
        JsonNode reason = JsonBodies.object(mapper, body, NOT_AN_OBJECT, NOT_AN_OBJECT).get("reason");
        if (reason == null || !reason.isTextual()) {
            throw EnvelopeException.invalid(BAD_REASON);
        }
        String problem = TextInput.problem(reason.textValue(), TextInput.Kind.LINE);
        if (problem != null) {
            throw EnvelopeException.invalid(TextInput.invalid("reason", problem));
        }
        String trimmed = reason.textValue().trim();
        int length = trimmed.codePointCount(0, trimmed.length());
        if (length < MIN || length > MAX) {
            throw EnvelopeException.invalid(BAD_REASON);
        }
        return new HideRequest(trimmed);
    }
}

package dev.shopreviews.ratings.reply.service;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.JsonBodies;

/**
 * The body of review replies (spec 4.8): review_id (integer, required), reply (string, required, trimmed, not
 * empty after trimming), notify (boolean, default false). Any other type or value is a 400. Unknown fields are
 * ignored. The names on the components are the body's (they document it in the OpenAPI document).
 */
public record ReplyRequest(@JsonProperty("review_id") long reviewId, String reply,
                           @JsonProperty("notify") boolean notifyReviewer) {
    public static final int MAX_REPLY = 5000;
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object with review_id, reply and notify.";

    static final String NOT_A_REPLY = "Invalid request body: expected a JSON object with reply and notify.";

    public static ReplyRequest parse(String body, ObjectMapper mapper) {
        JsonNode json = JsonBodies.object(mapper, body, NOT_AN_OBJECT, NOT_AN_OBJECT);
        JsonNode reviewId = json.get("review_id");
        if (reviewId == null || !reviewId.isIntegralNumber() || !reviewId.canConvertToLong() || reviewId.asLong() < 1) {
            throw EnvelopeException.invalid("Invalid value for review_id: expected a positive integer.");
        }
        return of(json, reviewId.asLong());
    }

    /** The shop dashboard's body, {reply, notify}, for the review its path names: the same rules and messages. */
    public static ReplyRequest parse(String body, long reviewId, ObjectMapper mapper) {
        return of(JsonBodies.object(mapper, body, NOT_A_REPLY, NOT_A_REPLY), reviewId);
    }

    private static ReplyRequest of(JsonNode json, long reviewId) {
        JsonNode reply = json.get("reply");
        if (reply == null || !reply.isTextual() || reply.asText().trim().isEmpty()) {
            throw EnvelopeException.invalid("Invalid value for reply: expected a non-empty string.");
        }
        if (reply.asText().trim().length() > MAX_REPLY) {
            throw EnvelopeException.invalid("Invalid value for reply: at most " + MAX_REPLY + " characters.");
        }
        JsonNode notify = json.get("notify");
        if (notify != null && !notify.isBoolean()) {
            throw EnvelopeException.invalid("Invalid value for notify: expected true or false.");
        }
        return new ReplyRequest(reviewId, reply.asText().trim(), notify != null && notify.asBoolean());
    }
}

package dev.shopreviews.common.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.input.TextInput;

/**
 * The one way a JSON request body is read: parsed as a tree (never bound straight to a record, because Jackson's
 * binding would coerce "4" or 4.5 into numbers and stop at the first field in document order, changing the spec's
 * answers), refused with 400 unless it is an object free of control characters ({@link TextInput}). The endpoint's
 * request record is then built from the object in one place, checking its fields in the documented order.
 */
public final class JsonBodies {
    private JsonBodies() {
    }

    /** The body as a JSON object; 400 {@code notJson} when it does not parse, 400 {@code notObject} when it is empty or no object. */
    public static ObjectNode object(ObjectMapper mapper, String body, String notJson, String notObject) {
        JsonNode json;
        try {
            json = body == null || body.isBlank() ? null : mapper.readTree(body);
        } catch (Exception e) {
            throw EnvelopeException.invalid(notJson);
        }
        if (json == null || !json.isObject()) {
            throw EnvelopeException.invalid(notObject);
        }
        String text = TextInput.jsonProblem(json);
        if (text != null) {
            throw EnvelopeException.invalid(text);
        }
        return (ObjectNode) json;
    }
}

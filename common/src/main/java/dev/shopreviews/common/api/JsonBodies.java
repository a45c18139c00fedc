package dev.shopreviews.common.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.input.TextInput;

/**
 * A JSON request body as a tree: refused with 400 unless it is an object free of control characters
 * ({@link TextInput}). {@link RequestBodies} starts from it and binds the tree to a validated record (strictly: not
 * Jackson's binding, which would coerce "4" or 4.5 into numbers and stop at the first field in document order); an
 * endpoint uses this class directly only for a body that is not one record: ratings-service's visitor report (JSON or
 * a form, ids as strings or numbers) and review imports (every row's problems at once, shared with the CSV import).
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
